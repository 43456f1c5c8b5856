import { constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import type { OpenAPIObject, SwaggerCustomOptions } from '@nestjs/swagger';
import { EXAMPLE_ORIGIN, requestOrigin, RequestOrigin } from '@estate/shared-kernel';
import { API_TITLE } from './openapi-document';

/**
 * An error's `doc_url` ends in `#error-{code}`; the page draws the document after it loads, too late for the browser's
 * own jump to the anchor, so the page looks for the anchor once the description is drawn (at most ten seconds).
 */
const SCROLL_TO_ERROR_ANCHOR = `(function () {
  var id = decodeURIComponent(window.location.hash.slice(1));
  if (id.indexOf('error-') !== 0) return;
  var tries = 0;
  var timer = setInterval(function () {
    var target = document.getElementById(id);
    if (target || ++tries > 100) clearInterval(timer);
    if (target) target.scrollIntoView();
  }, 100);
})();`;

/** The brand's colour: the top bar and the icon. */
const BRAND_COLOUR = '#17324d';

/** The tab's icon: the product's initials on its colour (an SVG data URI, double quotes only: the tag quotes it with '). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BRAND_COLOUR}"/>` +
    '<text x="16" y="21" font-family="Helvetica,Arial,sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#fff">ED</text></svg>',
)}`;

/** The top bar names the product instead of showing Swagger's logo. */
const TOP_BAR_CSS = [
  `.swagger-ui .topbar { background-color: ${BRAND_COLOUR}; }`,
  '.swagger-ui .topbar .topbar-wrapper .link svg, .swagger-ui .topbar .topbar-wrapper .link img { display: none; }',
  `.swagger-ui .topbar .topbar-wrapper .link::after { content: "${API_TITLE}"; color: #fff; font-family: sans-serif; font-size: 1.5em; font-weight: 700; }`,
].join('\n');

interface OutgoingRequest {
  method?: string;
  headers?: Record<string, string>;
}

/**
 * Swagger UI's `requestInterceptor`, run in the browser on every try-it-out request (it is sent as its source text,
 * so it names nothing outside itself): a POST sent without an `Idempotency-Key` gets a fresh random one (a UUID
 * v4), so two executions of "Create a case" are two cases, and one given in the field is sent as given.
 * `crypto.getRandomValues`, not `randomUUID`: the page may be served over plain http on another host than
 * localhost, where `randomUUID` does not exist.
 */
export function freshIdempotencyKey(request: OutgoingRequest): OutgoingRequest {
  if (String(request.method).toUpperCase() !== 'POST') return request;
  const headers = request.headers ?? (request.headers = {});
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'idempotency-key' && headers[name]) return request;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => (byte + 0x100).toString(16).slice(1)).join('');
  headers['Idempotency-Key'] = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return request;
}

/**
 * The document as a request sees it: the absolute addresses of its examples (an error's `doc_url`, a download or
 * calendar link) on the origin the request reached, as the real answers are (`{protocol}://{Host}/v1/…`).
 *
 * The document is built once, on the first request for it, with `EXAMPLE_ORIGIN`, and only its JSON text is kept,
 * gzipped: the built object held about 6 MB of heap for the life of the process, and its text (2.7 million
 * characters, which V8 holds two bytes each because of a "—" or "§") would hold 5.4 MB; gzipped it is about 0.27 MB
 * (issue 39, item 2). Each request unzips and parses a copy, with its own origin written in, and keeps none: tens of
 * milliseconds, beside the serialization every request of the document costs anyway, for a page read now and then.
 * The copy serializes to the same bytes as the built document: as JSON, as YAML (written without references) and in
 * the page's script.
 */
export class ServedDocument {
  private compressed?: Buffer;

  constructor(private readonly build: () => OpenAPIObject) {}

  forRequest(req: RequestOrigin): OpenAPIObject {
    this.compressed ??= gzipSync(JSON.stringify(this.build()), { level: zlib.Z_BEST_SPEED });
    const text = gunzipSync(this.compressed).toString('utf8');
    const origin = requestOrigin(req);
    if (origin === EXAMPLE_ORIGIN) return JSON.parse(text) as OpenAPIObject;
    // Replaced inside the serialized text, so each address is written as JSON writes it (a quote in a Host stays a quote).
    const asJson = (value: string) => JSON.stringify(value).slice(1, -1);
    return JSON.parse(text.split(asJson(`${EXAMPLE_ORIGIN}/`)).join(asJson(`${origin}/`))) as OpenAPIObject;
  }
}

/**
 * What `SwaggerModule.setup` is given for the document, which it keeps for the life of the process: a stand-in. The
 * document each request serializes comes from `ServedDocument.forRequest`, through `patchDocumentOnRequest`.
 */
const STAND_IN = { openapi: '3.1.0', info: { title: API_TITLE, version: '' }, paths: {} } as OpenAPIObject;

/**
 * The reference page's options: its title, icon and top bar name the product; the tag filter is on, the token given
 * to "Authorize" survives a reload of the page, and try-it-out POSTs carry a fresh Idempotency-Key unless one is given.
 * `served` answers each request for the document, the page's included.
 */
export function referencePage(served: ServedDocument): { document: () => OpenAPIObject; options: SwaggerCustomOptions } {
  return { document: () => STAND_IN, options: { ...OPENAPI_UI_OPTIONS, patchDocumentOnRequest: (req) => served.forRequest(req as RequestOrigin) } };
}

const OPENAPI_UI_OPTIONS: SwaggerCustomOptions = {
  customSiteTitle: `${API_TITLE} reference`,
  customfavIcon: FAVICON,
  customCss: TOP_BAR_CSS,
  customJsStr: SCROLL_TO_ERROR_ANCHOR,
  swaggerOptions: { filter: true, persistAuthorization: true, displayOperationId: true, requestInterceptor: freshIdempotencyKey },
  jsonDocumentUrl: 'v1/openapi.json',
  yamlDocumentUrl: 'v1/openapi.yaml',
};
