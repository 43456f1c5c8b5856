import { type Cents, centsOf } from '@estate/shared-kernel/domain';
import { CATEGORY_RULES, type CategoryDestination, centsOr0 } from '@estate/assets';
import type { AccountingInput } from './accounting-input';
import type { CashReconciliationRow, PropertyLine, ReportedSource } from './accounting-lines';
import { CountedBefore, isPriorPeriod } from './accounting-period';
import type { AccountingTransaction } from './accounting-records';

/**
 * Contract-extensions §16.4–§16.6: the flows of the carried bank accounts. A computation counts each transaction of a
 * carried account dated ≤ `to` that no earlier settled accounting counted (and that is not folded into the account's
 * beginning or received value); each goes where its category's row of §16.2 says.
 */
export interface CountedTransaction {
  transaction: AccountingTransaction;
  /** Signed, as on the ledger. */
  cents: Cents;
  goesTo: CategoryDestination;
  priorPeriod: boolean;
}

export interface CashLedger {
  /** One per carried bank account, in the order of its property lines. */
  rows: CashReconciliationRow[];
  /** The transactions counted as flows, in ledger order per account, accounts in row order. */
  counted: CountedTransaction[];
}

export interface CarriedCash {
  line: PropertyLine;
  /** Beginning value (0.00 for an account found during the period). */
  opening: Cents;
  /** Received value of an account found during the period (0.00 otherwise). */
  propertyReceived: Cents;
}

/** The balance a bank reports for `to`: its statement ending that day, else `current_balance` when `to` is today. */
function reported(input: AccountingInput, accountId: string): { balance: Cents | null; source: ReportedSource | null } {
  const statement = input.records.statements.find((candidate) => candidate.bankAccountId === accountId && candidate.periodEnd === input.to && candidate.closingBalance !== null);
  if (statement) return { balance: centsOf(statement.closingBalance), source: 'statement' };
  const account = input.records.bankAccounts.find((candidate) => candidate.id === accountId);
  const current = input.to === input.today ? centsOf(account?.currentBalance ?? null) : null;
  return current === null ? { balance: null, source: null } : { balance: current, source: 'current_balance' };
}

/** A carried account's flows summed by where they go; transfer legs in and out apart, each positive. */
interface FlowTotals {
  receipts: Cents;
  proceeds: Cents;
  transfersIn: Cents;
  disbursements: Cents;
  distributions: Cents;
  transfersOut: Cents;
}

function addFlow(totals: FlowTotals, goesTo: CategoryDestination, cents: Cents): void {
  if (goesTo === 'receipts') totals.receipts += cents;
  else if (goesTo === 'proceeds') totals.proceeds += cents;
  else if (goesTo === 'disbursements') totals.disbursements -= cents;
  else if (goesTo === 'distributions') totals.distributions -= cents;
  else if (cents > 0n) totals.transfersIn += cents; // changes_in_form: a transfer leg
  else totals.transfersOut -= cents;
}

export function cashLedger(
  input: AccountingInput,
  carried: readonly CarriedCash[],
  ledgers: ReadonlyMap<string, AccountingTransaction[]>,
  folded: ReadonlySet<string>,
): CashLedger {
  const countedBefore = new CountedBefore(input.countedBefore);
  const ledger: CashLedger = { rows: [], counted: [] };
  for (const { line, opening, propertyReceived } of carried) {
    // One pass over the account's ledger (an estate's can hold a hundred thousand transactions).
    const totals: FlowTotals = { receipts: 0n, proceeds: 0n, transfersIn: 0n, disbursements: 0n, distributions: 0n, transfersOut: 0n };
    for (const transaction of ledgers.get(line.id) ?? []) {
      if (transaction.date > input.to || (folded.size > 0 && folded.has(transaction.id)) || countedBefore.hasFlow({ type: 'transaction', kind: null, id: transaction.id })) continue;
      const flow: CountedTransaction = {
        transaction,
        cents: centsOr0(transaction.amount),
        goesTo: CATEGORY_RULES[transaction.accountingCategory].goesTo,
        priorPeriod: isPriorPeriod(transaction.date, input.from),
      };
      addFlow(totals, flow.goesTo, flow.cents);
      ledger.counted.push(flow);
    }
    const row = {
      accountId: line.id,
      description: line.description,
      opening,
      receipts: totals.receipts,
      proceeds: totals.proceeds,
      transfersIn: totals.transfersIn,
      propertyReceived,
      disbursements: totals.disbursements,
      distributions: totals.distributions,
      transfersOut: totals.transfersOut,
    };
    const closing = row.opening + row.receipts + row.proceeds + row.transfersIn + row.propertyReceived - row.disbursements - row.distributions - row.transfersOut;
    const report = reported(input, line.id);
    ledger.rows.push({
      ...row,
      closing,
      reportedBalance: report.balance,
      reportedSource: report.source,
      reconciled: report.balance === null || report.balance === closing,
    });
  }
  return ledger;
}
