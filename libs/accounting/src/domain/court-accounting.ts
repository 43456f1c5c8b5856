import { type Cents, sumCents } from '@estate/shared-kernel/domain';
import { ACCOUNTING_CATEGORIES, type AccountingCategory } from '@estate/assets';
import { type AccountingInput, byDateCreationId, ledgersOf } from './accounting-input';
import type {
  AccountingComputation,
  AccountingSchedules,
  AccountingSummary,
  CategorisedSchedule,
  DistributionLine,
  PropertyLine,
  Schedule,
  TransactionLine,
} from './accounting-lines';
import { CountedBefore, type CountedFlow } from './accounting-period';
import type { AccountingCreditorClaim, AccountingTransaction } from './accounting-records';
import { type CarriedCash, type CountedTransaction, cashLedger } from './cash-ledger';
import { enteringProperty } from './entering-property';
import { estateAssets } from './estate-property';
import { liabilityLines } from './liabilities-memo';
import { kindRank, propertyKey } from './property-refs';
import { propertyRemovals } from './property-removals';
import { unreconciledItems } from './reconciliation';

/**
 * Contract-extensions §16: the personal representative's account of a period, computed from the case's records. A
 * pure function: the records of one state in, every schedule, the summary, the cash reconciliation and the
 * unreconciled items out, in integer cents. Charges (A + B + C + D) equal credits (F + G + I + J) whenever the records
 * agree with each other; where they do not, `unreconciled` says why, item by item, and Σ `effect` = `difference`.
 */
export function computeAccounting(input: AccountingInput): AccountingComputation {
  const ledgers = ledgersOf(input.records.transactions);
  const assets = estateAssets(input.records);
  const entering = enteringProperty(input, assets, ledgers);
  const additional = byKind(entering.additional);
  const carried = [...entering.beginning, ...additional];

  const beginningKeys = new Set(entering.beginning.map(propertyKey));
  const cash: CarriedCash[] = byKind(carried)
    .filter((line) => line.kind === 'bank_account')
    .map((line) => (beginningKeys.has(propertyKey(line)) ? { line, opening: line.carryValue, propertyReceived: 0n } : { line, opening: 0n, propertyReceived: line.carryValue }));
  const ledger = cashLedger(input, cash, ledgers, new Set(entering.folded.map((transaction) => transaction.id)));

  const onHand = new Map(carried.filter((line) => line.kind !== 'bank_account').map((line) => [propertyKey(line), line]));
  const removals = propertyRemovals(input, onHand, assets);
  const closing = new Map(ledger.rows.map((row) => [row.accountId, row.closing]));
  const end = byKind(carried)
    .filter((line) => !removals.removed.has(propertyKey(line)))
    .map((line): PropertyLine => (line.kind === 'bank_account' ? { ...line, carryValue: closing.get(line.id) ?? 0n, carrySource: 'transactions', date: null } : { ...line, date: null }));

  const flows = [...ledger.counted].sort((a, b) => byDateCreationId(a.transaction, b.transaction));
  const paidClaims = claimsPaidNow(input);
  const disposals = removals.disposals.map((disposal) => disposal.line);
  const schedules: AccountingSchedules = {
    property_on_hand_beginning: propertySchedule(entering.beginning),
    additional_property_received: propertySchedule(additional),
    receipts: categorised(flows.filter((flow) => flow.goesTo === 'receipts').map((flow) => transactionLine(flow, flow.cents))),
    gains_on_sales: total(disposals.filter((line) => line.proceeds >= line.carryValue)),
    disbursements: categorised(flows.filter((flow) => flow.goesTo === 'disbursements').map((flow) => transactionLine(flow, -flow.cents))),
    losses_on_sales: total(disposals.filter((line) => line.proceeds < line.carryValue)),
    distributions: total(distributionLines(input, flows, removals.inKind)),
    property_on_hand_end: propertySchedule(end),
    changes_in_form: total(flows.filter((flow) => flow.goesTo === 'changes_in_form').map((flow) => transactionLine(flow, flow.cents))),
    liabilities: total(liabilityLines(input.records.creditorClaims, input.records.debts, end, assets)),
  };
  const unreconciled = unreconciledItems({
    to: input.to,
    counted: flows,
    disposals: removals.disposals,
    rows: ledger.rows,
    paidClaims,
    transactions: input.records.transactions,
    currencyItems: entering.currencyItems,
  });
  const countedFlows: CountedFlow[] = [
    ...transactionFlows(entering.folded, flows),
    ...removals.flows,
    ...additional.map((line): CountedFlow => ({ type: 'additional_property', kind: line.kind, id: line.id })),
    ...paidClaims.map((claim): CountedFlow => ({ type: 'paid_claim', kind: null, id: claim.id })),
  ];
  return {
    from: input.from,
    to: input.to,
    schedules,
    summary: summaryOf(schedules, ledger.rows.every((row) => row.reconciled)),
    cashReconciliation: ledger.rows,
    unreconciled,
    counted: { flows: countedFlows, carried: carried.map((line) => ({ kind: line.kind, id: line.id })) },
  };
}

/** The transactions counted: those folded into property, then the flows. Built in one array (a ledger can be long). */
function transactionFlows(folded: readonly AccountingTransaction[], flows: readonly CountedTransaction[]): CountedFlow[] {
  const counted: CountedFlow[] = [];
  for (const transaction of folded) counted.push({ type: 'transaction', kind: null, id: transaction.id });
  for (const { transaction } of flows) counted.push({ type: 'transaction', kind: null, id: transaction.id });
  return counted;
}

/** Property lines in §16.3's kind order; within a kind, in the order they entered the account. */
const byKind = (lines: readonly PropertyLine[]): PropertyLine[] => [...lines].sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || (a.date ?? '').localeCompare(b.date ?? ''));

function total<Line extends { amount: Cents }>(lines: Line[]): Schedule<Line> {
  let sum = 0n;
  for (const line of lines) sum += line.amount;
  return { lines, total: sum };
}

function propertySchedule(lines: PropertyLine[]): Schedule<PropertyLine> {
  return { lines, total: sumCents(lines.map((line) => line.carryValue)) };
}

/** With the subtotals by category, in §16.2's order, for the categories that have lines. */
function categorised(lines: TransactionLine[]): CategorisedSchedule {
  const subtotals = new Map<AccountingCategory, Cents>();
  for (const line of lines) subtotals.set(line.category, (subtotals.get(line.category) ?? 0n) + line.amount);
  const byCategory = ACCOUNTING_CATEGORIES.flatMap((category: AccountingCategory) => {
    const subtotal = subtotals.get(category);
    return subtotal === undefined ? [] : [{ category, total: subtotal }];
  });
  return { ...total(lines), byCategory };
}

function transactionLine({ transaction, priorPeriod }: CountedTransaction, amount: Cents): TransactionLine {
  return {
    date: transaction.date,
    id: transaction.id,
    accountId: transaction.bankAccountId,
    description: transaction.description,
    payee: transaction.merchantName ?? transaction.description,
    category: transaction.accountingCategory,
    amount,
    relatedType: transaction.relatedType,
    relatedId: transaction.relatedId,
    priorPeriod,
  };
}

/**
 * Cash: the counted `distribution` debits, the §12.7 record (named by the debit, or naming it) supplying recipient and
 * type; in kind: the paid distributions the removals counted. Ordered by date, creation, id.
 */
function distributionLines(input: AccountingInput, flows: readonly CountedTransaction[], inKind: readonly DistributionLine[]): DistributionLine[] {
  const records = input.records.distributions;
  const created = new Map(records.map((distribution) => [distribution.id, distribution.createdAt]));
  const cash = flows
    .filter((flow) => flow.goesTo === 'distributions')
    .map(({ transaction, cents, priorPeriod }) => {
      const record =
        records.find((distribution) => transaction.relatedType === 'distribution' && distribution.id === transaction.relatedId) ??
        records.find((distribution) => distribution.transactionId === transaction.id);
      const line: DistributionLine = {
        date: transaction.date,
        kind: 'cash',
        id: record?.id ?? null,
        transactionId: transaction.id,
        personId: record?.personId ?? null,
        recipientName: record?.recipientName ?? null,
        distributionType: record?.distributionType ?? null,
        description: transaction.description,
        amount: -cents,
        valueAtDistribution: null,
        priorPeriod,
      };
      return { line, date: line.date, createdAt: transaction.createdAt, id: transaction.id };
    });
  const kind = inKind.map((line) => ({ line, date: line.date, createdAt: created.get(line.id ?? '') ?? new Date(0), id: line.id ?? '' }));
  return [...cash, ...kind].sort(byDateCreationId).map((entry) => entry.line);
}

/** Claims `paid` (dated `resolution_date`) on or before `to` that no earlier account counted. */
function claimsPaidNow(input: AccountingInput): AccountingCreditorClaim[] {
  const counted = new CountedBefore(input.countedBefore);
  return input.records.creditorClaims.filter(
    (claim) => claim.status === 'paid' && (claim.resolutionDate === null || claim.resolutionDate <= input.to) && !counted.hasFlow({ type: 'paid_claim', kind: null, id: claim.id }),
  );
}

function summaryOf(schedules: AccountingSchedules, reconciled: boolean): AccountingSummary {
  const charges = {
    property_on_hand_beginning: schedules.property_on_hand_beginning.total,
    additional_property_received: schedules.additional_property_received.total,
    receipts: schedules.receipts.total,
    gains_on_sales: schedules.gains_on_sales.total,
  };
  const credits = {
    disbursements: schedules.disbursements.total,
    losses_on_sales: schedules.losses_on_sales.total,
    distributions: schedules.distributions.total,
    property_on_hand_end: schedules.property_on_hand_end.total,
  };
  const chargesTotal = sumCents(Object.values(charges));
  const creditsTotal = sumCents(Object.values(credits));
  const difference = chargesTotal - creditsTotal;
  return { charges: { ...charges, total: chargesTotal }, credits: { ...credits, total: creditsTotal }, balanced: difference === 0n, difference, reconciled };
}
