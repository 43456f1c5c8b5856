import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Notarization } from '../../domain/notarization';

const instant = (options: { nullable?: boolean; hidden?: boolean } = {}) =>
  ({ type: 'Date', columnType: 'timestamptz(3)', nullable: options.nullable ?? false, hidden: options.hidden ?? false }) as const;

/** Contract-extensions §11.6. The provider's reference and the step bookkeeping stay out of the view. */
export const NotarizationSchema = new EntitySchema<Notarization>({
  class: Notarization,
  tableName: 'notarizations',
  properties: {
    ...caseRecordProperties(),
    documentId: { type: 'string', length: 26 },
    title: { type: 'string', length: 200 },
    actType: { type: 'string', length: 20 },
    status: { type: 'string', length: 20 },
    sessionUrl: nullableText(2000),
    notarizedDocumentId: nullableText(26),
    signers: { type: 'json' },
    notary: { type: 'json', nullable: true },
    journal: { type: 'json', nullable: true },
    expiresAt: instant(),
    failureReason: nullableText(40),
    initiatedBy: { type: 'string', length: 26 },
    notes: nullableText(10_000),
    providerTransactionId: { ...nullableText(200), hidden: true },
    nextCheckAt: instant({ nullable: true, hidden: true }),
    providerAttempts: { type: 'integer', default: 0, hidden: true },
    ...timestampProperties(),
  },
});
