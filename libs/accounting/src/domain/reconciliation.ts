import { type Cents, centsToText } from '@estate/shared-kernel/domain';
import type { CashReconciliationRow, UnreconciledItem } from './accounting-lines';
import { UNRECONCILED_KINDS } from './accounting-lines';
import { centsOr0 } from '@estate/assets';
import type { AccountingCreditorClaim, AccountingTransaction, CalendarDate } from './accounting-records';
import type { CountedTransaction } from './cash-ledger';
import type { CountedDisposal } from './property-removals';

/**
 * Contract-extensions §16.6: why an account does not balance or reconcile, item by item, never plugging a figure.
 * Every flow but these sits on both sides by construction (a receipt is in C and in the cash; an in-kind distribution
 * leaves J and enters I at the same carry value…), so charges − credits is exactly
 * Σ (disposal proceeds − proceeds recorded for it) − unmatched proceeds − Σ transfer legs, and Σ `effect` = `difference`.
 */
export interface ReconciliationFacts {
  to: CalendarDate;
  counted: readonly CountedTransaction[];
  disposals: readonly CountedDisposal[];
  rows: readonly CashReconciliationRow[];
  /** Claims `paid` that this account counts. */
  paidClaims: readonly AccountingCreditorClaim[];
  /** Every transaction of the case (a claim's payment may be recorded on any account, in any period). */
  transactions: readonly AccountingTransaction[];
  currencyItems: readonly UnreconciledItem[];
}

const money = (cents: Cents): string => centsToText(cents);
const relatedKey = (transaction: AccountingTransaction): string | null =>
  transaction.relatedType === null || transaction.relatedId === null ? null : `${transaction.relatedType}:${transaction.relatedId}`;

function proceedsItems(facts: ReconciliationFacts): UnreconciledItem[] {
  const proceeds = facts.counted.filter((flow) => flow.goesTo === 'proceeds');
  const recorded = new Map<string, Cents>();
  for (const flow of proceeds) {
    const key = relatedKey(flow.transaction);
    if (key !== null) recorded.set(key, (recorded.get(key) ?? 0n) + flow.cents);
  }
  const disposed = new Set(facts.disposals.map((disposal) => disposal.assetKey));
  const mismatches = facts.disposals.flatMap(({ line, assetKey }): UnreconciledItem[] => {
    const got = recorded.get(assetKey) ?? 0n;
    if (got === line.proceeds) return [];
    return [
      {
        kind: 'proceeds_mismatch',
        relatedType: line.kind,
        relatedId: line.id,
        date: line.date,
        expected: line.proceeds,
        recorded: got,
        effect: line.proceeds - got,
        message: `${line.description}: proceeds of ${money(line.proceeds)}, but asset_proceeds of ${money(got)} naming it are counted in this account`,
      },
    ];
  });
  const unmatched = proceeds.flatMap(({ transaction, cents }): UnreconciledItem[] => {
    const key = relatedKey(transaction);
    if (key !== null && disposed.has(key)) return [];
    return [
      {
        kind: 'unmatched_proceeds',
        relatedType: 'transaction',
        relatedId: transaction.id,
        date: transaction.date,
        expected: 0n,
        recorded: cents,
        effect: -cents,
        message: `asset_proceeds of ${money(cents)} on ${transaction.date} name ${key ?? 'no asset'}, which has no disposal counted in this account`,
      },
    ];
  });
  return [...mismatches, ...unmatched];
}

/** Transfer legs, grouped by the transfer they belong to (legs a client classified without one form one group). */
function transferItems(facts: ReconciliationFacts): UnreconciledItem[] {
  const groups = new Map<string | null, { sum: Cents; date: CalendarDate }>();
  for (const { transaction, cents, goesTo } of facts.counted) {
    if (goesTo !== 'changes_in_form') continue;
    const id = transaction.relatedType === 'transfer' ? transaction.relatedId : null;
    const group = groups.get(id);
    groups.set(id, { sum: (group?.sum ?? 0n) + cents, date: group && group.date > transaction.date ? group.date : transaction.date });
  }
  return [...groups.entries()].flatMap(([id, { sum, date }]): UnreconciledItem[] =>
    sum === 0n
      ? []
      : [
          {
            kind: 'unmatched_transfers',
            relatedType: id === null ? null : 'transfer',
            relatedId: id,
            date,
            expected: 0n,
            recorded: sum,
            effect: -sum,
            message: `transfer legs ${id === null ? 'naming no transfer' : `of transfer ${id}`} counted in this account sum to ${money(sum)}, not 0.00`,
          },
        ],
  );
}

function balanceItems(facts: ReconciliationFacts): UnreconciledItem[] {
  return facts.rows
    .filter((row) => !row.reconciled)
    .map((row) => ({
      kind: 'balance_mismatch' as const,
      relatedType: 'bank_account',
      relatedId: row.accountId,
      date: facts.to,
      expected: row.reportedBalance,
      recorded: row.closing,
      effect: 0n,
      message: `${row.description}: the ${row.reportedSource === 'statement' ? 'statement' : 'current balance'} says ${money(row.reportedBalance ?? 0n)}, the ledger closes at ${money(row.closing)}`,
    }));
}

function claimItems(facts: ReconciliationFacts): UnreconciledItem[] {
  const named = new Set(facts.transactions.filter((transaction) => transaction.accountingCategory === 'creditor_claims' && transaction.relatedType === 'claim').map((transaction) => transaction.relatedId));
  return facts.paidClaims
    .filter((claim) => !named.has(claim.id))
    .map((claim) => ({
      kind: 'claim_payment_not_recorded' as const,
      relatedType: 'claim',
      relatedId: claim.id,
      date: claim.resolutionDate,
      expected: centsOr0(claim.resolutionAmount ?? claim.claimAmount),
      recorded: 0n,
      effect: 0n,
      message: `${claim.creditorName}'s claim is paid, but no creditor_claims transaction names it: record the payment as a debit`,
    }));
}

const rank = (item: UnreconciledItem): number => UNRECONCILED_KINDS.indexOf(item.kind);
const compare = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** The items, by kind in §16.6's order, then date (undated last), then the record they name. */
export function unreconciledItems(facts: ReconciliationFacts): UnreconciledItem[] {
  return [...proceedsItems(facts), ...transferItems(facts), ...balanceItems(facts), ...claimItems(facts), ...facts.currencyItems].sort(
    (a, b) => rank(a) - rank(b) || compare(a.date, b.date) || compare(a.relatedId, b.relatedId),
  );
}
