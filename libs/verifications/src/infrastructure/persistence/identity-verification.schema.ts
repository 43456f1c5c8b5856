import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { IdentityVerification } from '../../domain/identity-verification';

const instant = (hidden = false) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable: true, hidden }) as const;

export const IdentityVerificationSchema = new EntitySchema<IdentityVerification>({
  class: IdentityVerification,
  tableName: 'identity_verifications',
  properties: {
    ...caseRecordProperties(),
    subject: { type: 'string', length: 20 },
    method: { type: 'string', length: 30 },
    status: { type: 'string', length: 20 },
    sessionUrl: { ...nullableText(2000) },
    result: { type: 'json', nullable: true },
    checkedAt: instant(),
    expiresAt: instant(),
    documentIds: { type: 'string[]', columnType: 'text[]', default: [] as string[] },
    initiatedBy: { ...nullableText(26) },
    notes: { ...nullableText(10_000) },
    // The provider's side: kept out of the view.
    provider: { ...nullableText(100), hidden: true },
    providerReference: { ...nullableText(200), hidden: true },
    nextCheckAt: instant(true),
    providerAttempts: { type: 'integer', default: 0, hidden: true },
    ...timestampProperties(),
  },
});

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const VERIFICATIONS_ENTITIES = [IdentityVerificationSchema];
