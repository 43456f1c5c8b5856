import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties } from '@estate/shared-kernel';
import { SettledAccounting } from '../../domain/settled-accounting';

/** The list's view of a settled accounting (the view `accounting_summaries`): no document, nothing it counted. */
export class AccountingSummaryRow {
  id: string;
  caseId: string;
  sequence: number;
  from: string;
  to: string;
  isFinal: boolean;
  scheme: SettledAccounting['scheme'];
  summary: SettledAccounting['summary'];
  createdAt: Date;
  createdBy: string;
}

const head = {
  ...caseRecordProperties(),
  sequence: { type: 'integer' },
  from: { type: CalendarDateType, fieldName: 'from_date' },
  to: { type: CalendarDateType, fieldName: 'to_date' },
  isFinal: { type: 'boolean' },
  scheme: { type: 'string', length: 2 },
  summary: { type: 'json' },
} as const;
const tail = {
  createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
  createdBy: { type: 'string', length: 26 },
} as const;

/** `accountings` (contract-extensions §16.7): a trigger refuses every `UPDATE`; rows are only inserted and deleted. */
export const SettledAccountingSchema = new EntitySchema<SettledAccounting>({
  class: SettledAccounting,
  tableName: 'accountings',
  properties: { ...head, document: { type: 'json' }, counted: { type: 'json' }, ...tail },
});

export const AccountingSummaryRowSchema = new EntitySchema<AccountingSummaryRow>({
  class: AccountingSummaryRow,
  tableName: 'accounting_summaries',
  properties: { ...head, ...tail },
});
