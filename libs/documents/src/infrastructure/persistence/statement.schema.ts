import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, moneyColumn, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Statement } from '../../domain/statement';

export const StatementSchema = new EntitySchema<Statement>({
  class: Statement,
  tableName: 'statements',
  properties: {
    ...caseRecordProperties(),
    // Contract §11.2 lists `bank_account_id` among the fields: shown, read-only (the route names the account).
    bankAccountId: { type: 'string', length: 26 },
    documentId: { type: 'string', length: 26 },
    periodStart: { type: CalendarDateType },
    periodEnd: { type: CalendarDateType },
    openingBalance: moneyColumn(),
    closingBalance: moneyColumn(),
    totalCredits: moneyColumn(),
    totalDebits: moneyColumn(),
    totalFees: moneyColumn(),
    fileName: { type: 'string', length: 255 },
    sizeBytes: { type: 'integer' },
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
