import { NestFactory } from '@nestjs/core';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { REFERENCE_PATH, AppConfig, bodyParserErrors, NestLogger, requestLog, ResourceExpressAdapter, ROOT_LOGGER, ResourceCatalog, parseJsonBody, rejectUnsupportedMediaType } from '@estate/shared-kernel';
import { rejectUnsafeJsonBody, rejectUnsafeUrlAndHeaders } from '@estate/shared-kernel';
import { apiDocument } from './api-document';
import { referencePage, ServedDocument } from './openapi/reference-page';
import { AppModule } from './app.module';

/** Builds the configured Nest application; `npm start`, the benchmark and the e2e tests all use this one function. */
export interface CreateAppOptions {
  /** Mounts plain Express routes ahead of Nest's (the benchmark's bare baseline route); runs before init. */
  mountBefore?: (app: NestExpressApplication) => void;
}

/** Below this size a response goes uncompressed: the headers of a compressed one would cost more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The fastest levels of gzip and brotli (issue 39): a court accounting of 100,000 transactions is 26 MB of JSON, which
 * brotli's default quality (4) took about 0.7 s and gzip's (6) about 0.27 s to compress on this machine, against
 * 0.05 s and 0.1 s at these, for a body 5–10 % larger. Responses are made per request, so the time counts more than
 * the last bytes.
 */
const COMPRESSION_LEVELS = { level: zlib.Z_BEST_SPEED, brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } } };

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), new ResourceExpressAdapter(), { bodyParser: false, bufferLogs: true });
  app.useLogger(new NestLogger(app.get(Logger)));
  // Nest flushes buffered bootstrap logs on listen(); tests and the benchmark never listen, so flush here.
  app.flushLogs();
  // Express's weak ETags could never satisfy If-Match; ours are strong and come from the version column.
  app.set('etag', false);
  app.set('x-powered-by', false);
  // Repeated parameters become arrays (status=open&status=frozen); no nested objects from brackets.
  app.set('query parser', 'simple');
  // Input is checked once, here, for every route: URL and headers before the body is read, the parsed body after.
  // Every answer over 1 KB is compressed as the client accepts (brotli, then gzip): the reference page's bundle and
  // the OpenAPI document shrink several times, and so do long lists.
  app.use(requestLog(app.get(ROOT_LOGGER)), compression({ threshold: COMPRESSION_THRESHOLD_BYTES, ...COMPRESSION_LEVELS }), rejectUnsafeUrlAndHeaders, rejectUnsupportedMediaType, parseJsonBody, bodyParserErrors, rejectUnsafeJsonBody);
  options.mountBefore?.(app);
  mountOpenApi(app);
  await app.init();
  return app;
}

function mountOpenApi(app: NestExpressApplication): void {
  // Built on the first request for it (then kept as its JSON text): a process that never serves the reference — a
  // worker's sibling, most test apps — does not pay the half second of CPU its build costs.
  const page = referencePage(new ServedDocument(() => apiDocument(app, app.get(ResourceCatalog))));
  SwaggerModule.setup(REFERENCE_PATH.slice(1), app, page.document, page.options);
}
