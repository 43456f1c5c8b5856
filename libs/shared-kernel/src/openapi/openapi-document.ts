import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerCustomOptions, SwaggerModule } from '@nestjs/swagger';
import { finishOpenApiDocument } from './openapi-31';

export const API_TITLE = 'Estate Desk API';

/**
 * What each group of routes is, for the reference's top-level `tags`. A tag used by a route but missing here is
 * still listed, described by the paths it groups.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  cases: 'Estate cases: one per person who died, owned by the organization that opened it. Creating a case may nest the deceased and the authority.',
  deceased: 'The person who died: identity, dates, address. The SSN is accepted in full and always returned masked.',
  authority: 'The authority to act for the estate: its level and the grounds it rests on.',
  persons: 'Heirs, beneficiaries and other people involved in the estate.',
  debts: 'Debts of the deceased and the collections among them.',
  'institution-contacts': 'Contacts at the institutions that hold the estate\'s accounts.',
  'bank-accounts': 'Bank accounts of the deceased, their transactions and recurring payments.',
  'real-estate-valuations': 'Real estate and its valuations.',
  vehicles: 'Vehicles and what becomes of them.',
  'investment-accounts': 'Investment accounts and their transfer.',
  'retirement-accounts': 'Retirement accounts and their distribution.',
  'life-insurance': 'Life insurance policies and their beneficiaries.',
  probate: 'Probate deadlines and creditor claims.',
  closure: 'Closure steps and their sub-tasks.',
  searches: 'Searches for accounts, policies and property of the deceased.',
  transfers: 'Instant transfers out of the deceased\'s accounts into the estate account.',
  'phone-calls': 'Calls to institutions.',
  emails: 'E-mails to institutions and their delivery receipts.',
};

/** The OpenAPI document of every route of the application, as `/v1/openapi.json` serves it. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(API_TITLE)
    .setDescription(
      [
        'Estate and probate case management: cases, the deceased, the authority to act, heirs and beneficiaries, and the estate around them.',
        '',
        'Every route but `/healthz` needs `Authorization: Bearer <token>` (tokens are issued by invitation). Bodies are JSON; `PATCH` is JSON Merge Patch ' +
          '(RFC 7396) and also accepts `application/merge-patch+json`. Unset values read as `null`. Errors are `{"error": {"code", "message", "details"?}}`.',
        '',
        'Lists page with `page`/`per_page` (default) or with `cursor`. Single records carry a strong `ETag` for `If-None-Match` (304) and `If-Match` (412). ' +
          'Every `POST` accepts an `Idempotency-Key`. Requests are rate-limited per organization per minute.',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addServer('/', 'This deployment (paths start with /v1)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'edk_…', description: 'A token minted by the operator CLI (`npm run cli -- invite`).' });
  const config = builder.build();
  // A proprietary service (package.json: UNLICENSED): an SPDX `LicenseRef-` names terms that are not a listed license.
  config.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as typeof config.info.license;
  if (config.info.contact && Object.keys(config.info.contact).length === 0) delete config.info.contact;
  return finishOpenApiDocument(SwaggerModule.createDocument(app, config), { tagDescriptions: TAG_DESCRIPTIONS });
}

/** The reference page's options: its title names the product. */
export const OPENAPI_UI_OPTIONS: SwaggerCustomOptions = {
  customSiteTitle: `${API_TITLE} reference`,
  jsonDocumentUrl: 'v1/openapi.json',
  yamlDocumentUrl: 'v1/openapi.yaml',
};
