import { type Cents, centsOf, sumCents } from '@estate/shared-kernel/domain';
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

export function cashLedger(
  input: AccountingInput,
  carried: readonly CarriedCash[],
  ledgers: ReadonlyMap<string, AccountingTransaction[]>,
  folded: ReadonlySet<string>,
): CashLedger {
  const countedBefore = new CountedBefore(input.countedBefore);
  const ledger: CashLedger = { rows: [], counted: [] };
  for (const { line, opening, propertyReceived } of carried) {
    const flows = (ledgers.get(line.id) ?? [])
      .filter((transaction) => transaction.date <= input.to && !folded.has(transaction.id) && !countedBefore.hasFlow({ type: 'transaction', kind: null, id: transaction.id }))
      .map((transaction): CountedTransaction => ({
        transaction,
        cents: centsOr0(transaction.amount),
        goesTo: CATEGORY_RULES[transaction.accountingCategory].goesTo,
        priorPeriod: isPriorPeriod(transaction.date, input.from),
      }));
    const sum = (goesTo: CategoryDestination, sign: 1n | -1n = 1n, keep: (cents: Cents) => boolean = () => true) =>
      sign * sumCents(flows.filter((flow) => flow.goesTo === goesTo && keep(flow.cents)).map((flow) => flow.cents));
    const row = {
      accountId: line.id,
      description: line.description,
      opening,
      receipts: sum('receipts'),
      proceeds: sum('proceeds'),
      transfersIn: sum('changes_in_form', 1n, (cents) => cents > 0n),
      propertyReceived,
      disbursements: sum('disbursements', -1n),
      distributions: sum('distributions', -1n),
      transfersOut: sum('changes_in_form', -1n, (cents) => cents < 0n),
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
    ledger.counted.push(...flows);
  }
  return ledger;
}
