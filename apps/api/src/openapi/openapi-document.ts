import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { DeclaredDocumentParts } from '@estate/shared-kernel';
import { finishOpenApiDocument } from './openapi-31';

export const API_TITLE = 'Estate Desk API';

/**
 * The OpenAPI document of every route of the application, as `/v1/openapi.json` serves it, with what the resources'
 * declarations give it (tag descriptions, specification routes, event types: `ResourceCatalog.documentParts()`).
 */
export function buildOpenApiDocument(app: INestApplication, declared: DeclaredDocumentParts): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(API_TITLE)
    .setDescription(
      [
        'Estate and probate case management: cases, the deceased, the authority to act, heirs and beneficiaries, and the estate around them.',
        '',
        'Every route but `/healthz` needs `Authorization: Bearer <token>` (tokens are issued by invitation). Bodies are JSON; `PATCH` is JSON Merge Patch ' +
          '(RFC 7396) and also accepts `application/merge-patch+json`. Unset values read as `null`. Errors are `{"error": {"code", "message", "details"?, "doc_url"}}` (see **Errors** below).',
        '',
        'Lists page with `page`/`per_page` (default) or with `cursor`. A query parameter a route does not list is refused with 400 (`details` names it ' +
          'and the parameter it most likely meant), so a mistyped filter never answers an unfiltered list. Single records carry a strong `ETag` for `If-None-Match` (304) and `If-Match` (412). ' +
          'Every `POST` accepts an `Idempotency-Key`. Requests are rate-limited per organization per minute. Responses over 1 KB are ' +
          'compressed (gzip or brotli) when the request sends `Accept-Encoding`.',
        '',
        'Changes are told as events (`GET /v1/events`) and delivered to webhook endpoints, signed with Standard Webhooks; the ' +
          '`webhooks` section of this document describes every event type and its payload.',
        '',
        '**Test mode.** Unless a deployment configures real providers, money movements and e-mails go to simulators that react to ' +
          'magic values, as test card numbers do: the **transfers** tag lists the source account endings that come back returned ' +
          '(and with which ACH code), the **emails** tag the recipient addresses that bounce, fail or are opened.',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addServer('/', 'This deployment (paths start with /v1)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'edk_…', description: 'A token minted by the operator CLI (`npm run cli -- invite`).' });
  const config = builder.build();
  // A proprietary service (package.json: UNLICENSED): an SPDX `LicenseRef-` names terms that are not a listed license.
  config.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as typeof config.info.license;
  if (config.info.contact && Object.keys(config.info.contact).length === 0) delete config.info.contact;
  return finishOpenApiDocument(SwaggerModule.createDocument(app, config), declared);
}
