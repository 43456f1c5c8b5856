import type { AccountingDocumentJson, SummaryJson } from './accounting-document';
import type { Counted } from './accounting-period';
import type { CalendarDate } from './accounting-records';
import type { AccountingScheme } from './accounting-schemes';

/**
 * A settled accounting (contract-extensions §16.7): numbered 1, 2, 3… per case, frozen when settled. Its stored
 * document and what it counted never change (the table refuses `UPDATE`); only the latest may be deleted, which
 * uncounts its flows again.
 */
export class SettledAccounting {
  id: string;
  caseId: string;
  sequence: number;
  from: CalendarDate;
  to: CalendarDate;
  isFinal: boolean;
  /** The scheme it was settled in; a read may ask for the other one (only letters change). */
  scheme: AccountingScheme;
  /** The document's `summary`, kept beside it so that a list reads no document. */
  summary: SummaryJson;
  document: AccountingDocumentJson;
  counted: Counted;
  createdAt: Date;
  createdBy: string;
}

/** A settled accounting as lists and events show it (`data.object` of `accounting.created|deleted`). */
export interface AccountingSummaryJson {
  id: string;
  sequence: number;
  from: CalendarDate;
  to: CalendarDate;
  is_final: boolean;
  scheme: AccountingScheme;
  summary: SummaryJson;
  created_at: string;
  created_by: string;
}

export type AccountingSummaryFields = Pick<SettledAccounting, 'id' | 'sequence' | 'from' | 'to' | 'isFinal' | 'scheme' | 'summary' | 'createdAt' | 'createdBy'>;

export const accountingSummary = (accounting: AccountingSummaryFields): AccountingSummaryJson => ({
  id: accounting.id,
  sequence: accounting.sequence,
  from: accounting.from,
  to: accounting.to,
  is_final: accounting.isFinal,
  scheme: accounting.scheme,
  summary: accounting.summary,
  created_at: new Date(accounting.createdAt).toISOString(),
  created_by: accounting.createdBy,
});

/** The formats an accounting is served in (§16.7), and the strong ETag of one settled accounting in one of them. */
export const ACCOUNTING_FORMATS = ['json', 'csv', 'pdf'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

export const accountingEtag = (id: string, scheme: AccountingScheme, format: AccountingFormat): string => `"${id}.${scheme}.${format}"`;
