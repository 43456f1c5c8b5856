import type { AccountingScheme } from './accounting-schemes';

/*
 * A settled accounting (contract-extensions §16.7) is declared with its fields in `resources/settled-accounting-record.ts`:
 * no rule of the domain reads it whole (the periods read its heads, the document is computed here). What stays here is
 * how it is served.
 */

/** The formats an accounting is served in (§16.7), and the strong ETag of one settled accounting in one of them. */
export const ACCOUNTING_FORMATS = ['json', 'csv', 'pdf'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

export const accountingEtag = (id: string, scheme: AccountingScheme, format: AccountingFormat): string => `"${id}.${scheme}.${format}"`;
