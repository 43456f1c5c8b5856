import { bankAccountResource } from '@estate/assets';
import { caseResource, ErrorDetail, JsonObject, WriteContext } from '@estate/shared-kernel';
import { Statement, statementProblems } from '../domain/statement';
import { CreateStatementBody, PatchStatementBody, StatementView } from '../http/dto/statement.dto';
import { DocumentSchema } from '../infrastructure/persistence/document.schema';
import { StatementSchema } from '../infrastructure/persistence/statement.schema';
import { documentResource } from './document.resource';

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
    StatementSchema,
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
export const statementResource = caseResource<Statement>({
  name: 'statement',
  path: 'bank-accounts/:account_id/statements',
  idParam: 'statement_id',
  schema: StatementSchema,
  create: CreateStatementBody,
  patch: PatchStatementBody,
  view: StatementView,
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  sorts: ['created_at', 'period_end'],
  tag: 'bank-accounts',
  references: { document_id: () => documentResource },
  rules: statementRules,
  derive: async (statement, { em, scope }) => {
    const document = await em.findOneOrFail(DocumentSchema, { caseId: scope.caseId, id: statement.documentId });
    statement.fileName = document.fileName;
    statement.sizeBytes = document.sizeBytes;
  },
});
