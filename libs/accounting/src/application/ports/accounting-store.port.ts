import type { ListPage, ListQuery } from '@estate/shared-kernel';
import type { Counted } from '../../domain/accounting-period';
import type { PropertyRef } from '../../domain/property-refs';
import type { AccountingSummaryRecord, SettledAccountingRecord } from '../../resources/settled-accounting-record';

/**
 * A settled accounting without its document: enough to place the next period, know what was counted and what it added
 * to the estate accounted for (its summary: the report's compensation base).
 */
export type SettledHead = Pick<SettledAccountingRecord, 'id' | 'sequence' | 'from' | 'to' | 'isFinal' | 'counted' | 'summary'>;

/** The case's settled accountings (contract-extensions §16.7): the `accountings` table, in the caller's transaction. */
export abstract class AccountingStore {
  /** Every settled accounting of the case, by sequence, with what each counted (no document). */
  abstract headsOf(caseId: string): Promise<SettledHead[]>;
  /** One, whole; `null` when the case has none of that sequence. */
  abstract bySequence(caseId: string, sequence: number): Promise<SettledAccountingRecord | null>;
  abstract add(accounting: SettledAccountingRecord): Promise<void>;
  abstract remove(accounting: Pick<SettledAccountingRecord, 'caseId' | 'id'>): Promise<void>;
  /** A page of the case's settled accountings without their documents (the view `accounting_summaries`). */
  abstract list(caseId: string, query: ListQuery): Promise<ListPage<AccountingSummaryRecord>>;
  /** The latest settled accounting, when it carries this record in its ending property (its sequence), else `null`. */
  abstract latestCarrying(caseId: string, ref: PropertyRef): Promise<number | null>;
  abstract eraseCase(caseId: string): Promise<void>;
}

/** Whatever a settled head counted, together: what the accounts settled before a period counted (§16.4). */
export function countedTogether(heads: readonly Pick<SettledHead, 'counted'>[]): Counted {
  return { flows: heads.flatMap((head) => head.counted.flows), carried: heads.flatMap((head) => head.counted.carried) };
}
