import { Injectable, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { BadRequestError, calendarDateProblem, ErrorDetail, ifNoneMatchHits, SingleResource } from '@estate/shared-kernel';
import { AccountingPapers } from '../application/accounting-papers';
import { AccountingPdf, type AccountingPaper } from '../application/ports/accounting-pdf.port';
import { ACCOUNTING_CSV_HEADER, accountingCsvRows } from '../domain/accounting-csv';
import type { AccountingDocumentJson } from '../domain/accounting-document';
import { ACCOUNTING_SCHEMES, AccountingScheme } from '../domain/accounting-schemes';
import { ACCOUNTING_FORMATS, AccountingFormat } from '../domain/settled-accounting';

export const MEDIA_TYPES: Readonly<Record<AccountingFormat, string>> = { json: 'application/json', csv: 'text/csv', pdf: 'application/pdf' };

/** The last value of a query parameter sent once or repeated. */
function single(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
}

export interface AccountingQuery {
  from?: string;
  to?: string;
  scheme?: AccountingScheme;
  format?: AccountingFormat;
}

/** `from`, `to`, `scheme` and `format` as sent; a malformed one is `400 bad_request` naming it (contract-extensions §16.7). */
export function accountingQuery(raw: Record<string, unknown>, allowed: ReadonlyArray<keyof AccountingQuery>): AccountingQuery {
  const problems: ErrorDetail[] = [];
  const query: AccountingQuery = {};
  for (const name of allowed) {
    const value = single(raw[name]);
    if (value === undefined) continue;
    if (name === 'from' || name === 'to') {
      const malformed = calendarDateProblem(name, value);
      if (malformed) problems.push(malformed);
      else query[name] = value;
    } else if (name === 'scheme') {
      if ((ACCOUNTING_SCHEMES as readonly string[]).includes(value)) query.scheme = value as AccountingScheme;
      else problems.push({ field: name, message: `scheme must be one of: ${ACCOUNTING_SCHEMES.join(', ')}`, reason: 'enum' });
    } else if ((ACCOUNTING_FORMATS as readonly string[]).includes(value)) query.format = value as AccountingFormat;
    else problems.push({ field: name, message: `format must be one of: ${ACCOUNTING_FORMATS.join(', ')}`, reason: 'enum' });
  }
  if (problems.length > 0) throw new BadRequestError('Invalid query parameters.', problems);
  return query;
}

/** `format=`, else the preferred of JSON (the default), CSV and PDF in `Accept`. */
export function negotiatedFormat(req: Request, format: AccountingFormat | undefined): AccountingFormat {
  if (format !== undefined) return format;
  const preferred = req.accepts([MEDIA_TYPES.json, MEDIA_TYPES.csv, MEDIA_TYPES.pdf]);
  return preferred === MEDIA_TYPES.csv ? 'csv' : preferred === MEDIA_TYPES.pdf ? 'pdf' : 'json';
}

export interface Representation {
  document: AccountingDocumentJson;
  caseId: string;
  /** Which account of the estate it is (its title's "First", "Second"…). */
  ordinal: number;
  format: AccountingFormat;
  /** `accounting-{case_id}-{from}-{to}` or `accounting-{case_id}-{sequence}`. */
  fileName: string;
  /** A settled accounting's strong ETag; none for a live one. */
  etag: string | null;
  /** What a settled accounting's PDF names beside the account, as stored when it was settled; read now when absent. */
  paper?: AccountingPaper | null;
}

/**
 * Writes an accounting in the negotiated format (contract-extensions §16.7–§16.8): JSON as `{data}`, CSV with a header
 * row, or the PDF; `Vary: Accept` on all; CSV and PDF as attachments. A settled accounting carries its ETag and answers
 * `304` to a matching `If-None-Match`; a live one is `no-store`. Headers are set only once the accounting is known, so
 * a refusal stays a JSON error.
 */
@Injectable()
export class AccountingReplies {
  constructor(
    private readonly pdf: AccountingPdf,
    private readonly papers: AccountingPapers,
  ) {}

  async send(req: Request, res: Response, representation: Representation): Promise<unknown> {
    const { document, format, etag } = representation;
    res.setHeader('Vary', 'Accept');
    if (etag === null) res.setHeader('Cache-Control', 'no-store');
    if (format === 'json') return etag === null ? { data: document } : new SingleResource(document, etag);
    if (etag !== null) {
      res.setHeader('ETag', etag);
      if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
        res.status(304);
        return undefined;
      }
    }
    res.setHeader('Content-Disposition', `attachment; filename="${representation.fileName}.${format}"`);
    if (format === 'csv') {
      res.setHeader('Content-Type', `${MEDIA_TYPES.csv}; charset=utf-8`);
      return stringify([[...ACCOUNTING_CSV_HEADER], ...accountingCsvRows(document)]);
    }
    const paper = representation.paper ?? (await this.papers.of(representation.caseId));
    const bytes = await this.pdf.render({ document, caseId: representation.caseId, ordinal: representation.ordinal, paper });
    return new StreamableFile(bytes, { type: MEDIA_TYPES.pdf, length: bytes.length });
  }
}
