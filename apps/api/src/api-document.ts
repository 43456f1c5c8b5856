import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ResourceCatalog } from '@estate/shared-kernel';
import { buildOpenApiDocument } from './openapi/openapi-document';

/**
 * The order the reference shows its tags in, which only the application knows (it registers every context): the
 * specification's resources in the order it gives them, opening on cases, then the resource groups it names without
 * fields in its order, then what the API adds. A tag not named here follows them, in order of first use.
 */
export const REFERENCE_TAG_ORDER = [
  // The specification's resources, in its order.
  'cases',
  'deceased',
  'authority',
  'persons',
  'debts',
  'institution-contacts',
  'bank-accounts',
  'transfers',
  'real-estate-valuations',
  'life-insurance',
  'retirement-accounts',
  'investment-accounts',
  'vehicles',
  'probate',
  'closure',
  'searches',
  'phone-calls',
  'emails',
  // The resource groups it names without their fields, in its order.
  'executor',
  'ein',
  'financial-accounts',
  'documents',
  'goals',
  'probate reference',
  'People',
  'collaborators',
  'faxes',
  'notarizations',
  'identity-verifications',
  'real-estate-properties',
  'unclaimed-property',
  'businesses',
  // What the API adds.
  'inventory',
  'accounting',
  'events',
  'Webhooks',
] as const;

/** The OpenAPI document `/v1/openapi.json` serves (and `npm run openapi:check` writes), from the catalog's declarations. */
export function apiDocument(app: INestApplication, catalog: ResourceCatalog): OpenAPIObject {
  return buildOpenApiDocument(app, { ...catalog.documentParts(), tagOrder: REFERENCE_TAG_ORDER });
}
