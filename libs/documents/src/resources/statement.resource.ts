import { bankAccountResource } from '@estate/assets';
import { caseResource, ErrorDetail, field, JsonObject, ResourceRecord, WriteContext } from '@estate/shared-kernel';
import { MAX_FILE_NAME_LENGTH } from '../domain/document-vocabulary';
import { statementProblems } from '../domain/statement';
import { documentResource } from './document.resource';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * A period may not overlap another statement of the account (contract §11.2): each statement it shares a day with is
 * one detail naming that statement's id. A patch leaves its own record out. Race-safe because every write of a case
 * holds the case row first: two overlapping creates on one account run one after the other, and the second sees the
 * first.
 */
async function overlapProblems(document: JsonObject, { em, scope, id }: WriteContext): Promise<ErrorDetail[]> {
  const { period_start: start, period_end: end } = document;
  if (typeof start !== 'string' || typeof end !== 'string' || end < start) return [];
  const others = await em.find(
    statementResource.schema,
    { caseId: scope.caseId, bankAccountId: scope.bankAccountId, periodStart: { $lte: end }, periodEnd: { $gte: start }, ...(id ? { id: { $ne: id } } : {}) },
    { fields: ['id', 'periodStart', 'periodEnd'], orderBy: { periodStart: 'asc', id: 'asc' } },
  );
  return others.map((other) => ({
    field: 'period_start',
    message: `the period ${start} to ${end} overlaps statement ${other.id} (${other.periodStart} to ${other.periodEnd})`,
    reason: 'conflict' as const,
  }));
}

/** Every rule of a statement: its own (period order, balance), then the overlap with its account's others. */
export async function statementRules(document: JsonObject, context: WriteContext): Promise<ErrorDetail[]> {
  return [...statementProblems(document), ...(await overlapProblems(document, context))];
}

/**
 * Statements of a bank account (contract §11.2): a plain record below its account, resting on a document of the case
 * (`document_id`, checked by the declaration's reference rule; the document cannot be deleted while a statement names
 * it: `409 document_in_use`). Its `POST` also takes a multipart upload (the controller's own route). `file_name` and
 * `size_bytes` are the document's, copied on every save. Events `statement.created|updated|deleted`.
 */
export const statementResource = caseResource({
  name: 'statement',
  path: 'bank-accounts/:account_id/statements',
  idParam: 'statement_id',
  table: 'statements',
  fields: {
    // Contract §11.2 lists `bank_account_id` among the fields: shown, read-only (the route names the account).
    bankAccountId: field.string({ required: true, readOnly: true, max: 26, view: { type: String }, description: 'The bank account.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }),
    documentId: field.reference(() => documentResource, {
      required: true,
      min: 26,
      pattern: ULID,
      description: 'The document of this case the statement rests on.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD',
    }),
    periodStart: field.date({ required: true, description: 'First day the statement covers.', example: '2026-08-01' }),
    periodEnd: field.date({
      required: true,
      description: 'Last day the statement covers; not before period_start, and no day shared with another statement of the account.',
      example: '2026-08-31',
    }),
    openingBalance: field.money({ description: 'Balance at the start of the period.', example: 12450.12 }),
    closingBalance: field.money({
      description: 'Balance at the end: when all five amounts are set, opening_balance + total_credits − total_debits − total_fees.',
      example: 13166.04,
    }),
    totalCredits: field.money({ description: 'Money in during the period.', example: 1845 }),
    totalDebits: field.money({ description: 'Money out during the period, fees not included.', example: 1104.08 }),
    totalFees: field.money({ description: 'Fees charged during the period.', example: 25 }),
    // The document's, copied on every save (`derive`) and when the document is renamed.
    fileName: field.string({ required: true, readOnly: true, max: MAX_FILE_NAME_LENGTH, view: { type: String }, description: "The document's file name.", example: 'statement-2026-08.pdf' }),
    sizeBytes: field.integer({ required: true, readOnly: true, min: 1, max: 26_214_400, description: "The document's byte count.", example: 48213 }),
    notes: field.text({ description: 'Free notes.', example: 'Last statement before the date of death.' }),
  },
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  sorts: ['created_at', 'period_end'],
  tag: 'bank-accounts',
  rules: statementRules,
  derive: async (statement, { em, scope }) => {
    const document = await em.findOneOrFail(documentResource.schema, { caseId: scope.caseId, id: statement.documentId });
    statement.fileName = document.fileName;
    statement.sizeBytes = document.sizeBytes;
  },
});

export type Statement = ResourceRecord<typeof statementResource>;
