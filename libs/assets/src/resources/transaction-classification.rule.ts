import {
  type Classification,
  classificationViolations,
  defaultAccountingCategory,
  defaultRelatedType,
  type WrittenBy,
} from '../domain/transaction-classification';
import { type CaseResource, declaredCaseResources, type ErrorDetail, findRecords, type JsonObject, referenceProblems, type WriteContext } from '@estate/shared-kernel';
import type { TransactionFacts } from '../domain/transaction';

/**
 * The classification of a transaction for the court accounting (contract-extensions §16.2), applied where
 * transactions are written. The rules themselves (the category table, the defaults, the related types a category
 * takes) are framework-free, in `domain/transaction-classification.ts`, beside the transaction, where the accounting
 * reads them; this file only feeds them a transaction and checks what needs the database: that the related record
 * exists in the case.
 */

/** The service's own writer, as its adapters hand a row to the writer (never a client field: the DTO refuses it). */
export const WRITTEN_BY_FIELD = 'written_by';

/**
 * The default category when none is set: the writer's (a transfer's leg, a distribution's payment), else by the sign
 * of the amount. A client's row defaults by its sign alone, whatever free-text `type` or `category` it carries.
 */
export function defaultCategoryOf(amount: number, writtenBy: WrittenBy | null): TransactionFacts['accountingCategory'] {
  return defaultAccountingCategory({ amount, writtenBy, type: null, category: null });
}

type ClassifiedFields = Pick<TransactionFacts, 'accountingCategory' | 'relatedType' | 'relatedId' | 'writtenBy'>;

/**
 * What a write left unset, filled in: the default category, and on the service's rows the related type of its writer
 * (its `related_id` is the writer's record, which the service hands over).
 */
export function classificationOf(row: Pick<TransactionFacts, 'amount'> & { [K in keyof ClassifiedFields]?: ClassifiedFields[K] | null }): ClassifiedFields {
  const writtenBy = row.writtenBy ?? null;
  return {
    writtenBy,
    accountingCategory: row.accountingCategory ?? defaultCategoryOf(row.amount, writtenBy),
    relatedType: row.relatedType ?? defaultRelatedType({ amount: row.amount, writtenBy, type: null, category: null }),
    relatedId: row.relatedId ?? null,
  };
}

/** The declaration's `derive`: a transaction always reads a category. */
export function classify(transaction: Pick<TransactionFacts, 'amount'> & { [K in keyof ClassifiedFields]?: ClassifiedFields[K] | null }): void {
  Object.assign(transaction, classificationOf(transaction));
}

/**
 * The transactions' declaration, found among the declared resources as the related kinds are below (it names this
 * rule, so importing it back would be a cycle).
 */
function transactions(): CaseResource<TransactionFacts> {
  const declaration = declaredCaseResources().find((resource) => resource.name === 'transaction');
  if (!declaration) throw new Error('the transaction resource is not declared');
  return declaration as unknown as CaseResource<TransactionFacts>;
}

/** The classification a create body or a merged patch asks for (an unset category reads its default). */
function requested(document: JsonObject, writtenBy: WrittenBy | null): Classification {
  const amount = document.amount as number;
  return {
    amount,
    accountingCategory: (document.accounting_category as string | null | undefined) ?? defaultCategoryOf(amount, writtenBy),
    relatedType: (document.related_type as string | null | undefined) ?? null,
    relatedId: (document.related_id as string | null | undefined) ?? null,
  };
}

/**
 * The declaration's rule, on a create body or the merged result of a `#17` patch: the category's sign, the related
 * record (both or neither, a kind the category takes, a record of that kind in this case); on a row the service wrote,
 * the three fields are fixed. The service's own create carries its writer and is its own authority.
 */
export async function transactionClassificationRule(document: JsonObject, context: WriteContext): Promise<ErrorDetail[]> {
  const [stored] = context.id === undefined ? [null] : await findRecords(context.em, transactions().schema, [{ id: context.id }]);
  if (stored === null && document[WRITTEN_BY_FIELD]) return [];
  if (stored?.writtenBy) {
    return classificationViolations(requested(document, stored.writtenBy), {
      accountingCategory: stored.accountingCategory,
      relatedType: stored.relatedType,
      relatedId: stored.relatedId,
    });
  }
  const classification = requested(document, null);
  const problems = classificationViolations(classification);
  const relatedRefused = problems.some((problem) => problem.field === 'related_type' || problem.field === 'related_id');
  // Checked when named, not again on every later patch: a record deleted since does not lock its transaction's notes.
  const unchanged = stored !== null && stored.relatedType === classification.relatedType && stored.relatedId === classification.relatedId;
  if (classification.relatedType !== null && !relatedRefused && !unchanged) problems.push(...(await relatedRecordProblems(classification, context)));
  return problems;
}

/**
 * `related_id` must name a record of the kind `related_type` names in this case. The kinds live in other contexts
 * (claims in probate, distributions…), so each is found among the declared resources by its event key, as the kernel
 * resolves references across contexts; a kind no resource declares yet has no record to name.
 */
async function relatedRecordProblems(classification: Classification, context: WriteContext): Promise<ErrorDetail[]> {
  const kind = declaredCaseResources().find((resource) => resource.eventKey === classification.relatedType);
  if (!kind) return [{ field: 'related_id', message: `related_id must name a ${classification.relatedType} of this case`, reason: 'rule' }];
  return referenceProblems({ related_id: () => kind }, { related_id: classification.relatedId }, context.em, context.scope.caseId);
}
