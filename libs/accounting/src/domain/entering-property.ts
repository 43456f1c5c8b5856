import { type Cents, sumCents } from '@estate/shared-kernel/domain';
import { type AccountingInput } from './accounting-input';
import type { PropertyLine, UnreconciledItem } from './accounting-lines';
import { type AccountingBankAccount, cashRuling, centsOr0, type PropertyRuling } from '@estate/assets';
import { CountedBefore } from './accounting-period';
import type { AccountingTransaction, CalendarDate } from './accounting-records';
import { utcDateOf } from './calendar-day';
import type { EstateAsset } from './estate-property';
import { type PropertyRef, propertyKey } from './property-refs';

/**
 * Contract-extensions §16.3–§16.5: the property an account starts with (beginning) and what it receives during the
 * period (additional property), each at its carry value.
 */
export interface EnteringProperty {
  beginning: PropertyLine[];
  additional: PropertyLine[];
  /** Transactions folded into a bank account's beginning or received value: counted, but never flows of the period. */
  folded: AccountingTransaction[];
  /** Probate bank accounts in another currency, left out (§16.1). */
  currencyItems: UnreconciledItem[];
}

export const ACCOUNT_CURRENCY = 'USD';

const line = (ref: PropertyRef, ruling: PropertyRuling, date: CalendarDate | null): PropertyLine => ({
  kind: ref.kind,
  id: ref.id,
  description: ruling.description,
  reference: ruling.reference,
  carryValue: ruling.carryValue,
  carrySource: ruling.carrySource,
  date,
});

function currencyItem(account: AccountingBankAccount, ruling: PropertyRuling): UnreconciledItem {
  return {
    kind: 'currency_not_supported',
    relatedType: 'bank_account',
    relatedId: account.id,
    date: null,
    expected: null,
    recorded: null,
    effect: 0n,
    message: `${ruling.description} is kept in ${account.currency}; only ${ACCOUNT_CURRENCY} accounts are summed, so it is left out of the account`,
  };
}

const sumOf = (transactions: readonly AccountingTransaction[]): Cents => sumCents(transactions.map((transaction) => centsOr0(transaction.amount)));

const creationOrder = <T extends { createdAt: Date; id: string }>(records: readonly T[]): T[] =>
  [...records].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** A disposal on or before the date of death: the property was no longer the deceased's (§16.3, difference 5). */
const goneBeforeDeath = (asset: EstateAsset, dateOfDeath: CalendarDate): boolean => asset.disposal !== null && asset.disposal.date <= dateOfDeath;

/**
 * The first account: every probate record at carry value (a bank account at the sum of its transactions dated on or
 * before the date of death, whatever their category); unclaimed property paid in the period is its only additional
 * property.
 */
function firstAccount(input: AccountingInput, assets: readonly EstateAsset[], ledgers: ReadonlyMap<string, AccountingTransaction[]>): EnteringProperty {
  const entering: EnteringProperty = { beginning: [], additional: [], folded: [], currencyItems: [] };
  for (const account of creationOrder(input.records.bankAccounts)) {
    const throughDeath = (ledgers.get(account.id) ?? []).filter((transaction) => transaction.date <= input.dateOfDeath);
    const ruling = cashRuling(account, sumOf(throughDeath));
    if (!ruling.probate) continue;
    if (account.currency !== ACCOUNT_CURRENCY) {
      entering.currencyItems.push(currencyItem(account, ruling));
      continue;
    }
    entering.beginning.push(line({ kind: 'bank_account', id: account.id }, ruling, null));
    entering.folded.push(...throughDeath);
  }
  for (const asset of assets) {
    if (!asset.ruling.probate || goneBeforeDeath(asset, input.dateOfDeath)) continue;
    if (asset.kind !== 'unclaimed_property') entering.beginning.push(line(asset, asset.ruling, null));
    else if (asset.receivedOn !== null && asset.receivedOn <= input.to) entering.additional.push(line(asset, asset.ruling, asset.receivedOn));
  }
  return entering;
}

/**
 * A later account: the previous ending property, line for line; then the probate records no earlier account listed,
 * found later (dated `created_at`) or, for unclaimed property, paid (dated `claim_paid_date`), when dated ≤ `to`. A bank
 * account found later is received at the sum of its transactions dated ≤ the previous `to`; later ones flow.
 */
function laterAccount(
  input: AccountingInput,
  previousTo: CalendarDate,
  previousEnd: readonly PropertyLine[],
  assets: readonly EstateAsset[],
  ledgers: ReadonlyMap<string, AccountingTransaction[]>,
): EnteringProperty {
  const counted = new CountedBefore(input.countedBefore);
  const listed = new Set(previousEnd.map(propertyKey));
  const known = (ref: PropertyRef) => listed.has(propertyKey(ref)) || counted.hasCarried(ref);
  const entering: EnteringProperty = { beginning: previousEnd.map((entry) => ({ ...entry, date: null })), additional: [], folded: [], currencyItems: [] };
  for (const account of creationOrder(input.records.bankAccounts)) {
    const ref: PropertyRef = { kind: 'bank_account', id: account.id };
    if (known(ref)) continue;
    const beforePeriod = (ledgers.get(account.id) ?? []).filter((transaction) => transaction.date <= previousTo && !counted.hasFlow({ type: 'transaction', kind: null, id: transaction.id }));
    const ruling = cashRuling(account, sumOf(beforePeriod));
    const found = utcDateOf(account.createdAt);
    if (!ruling.probate || found > input.to) continue;
    if (account.currency !== ACCOUNT_CURRENCY) {
      entering.currencyItems.push(currencyItem(account, ruling));
      continue;
    }
    entering.additional.push(line(ref, ruling, found));
    entering.folded.push(...beforePeriod);
  }
  for (const asset of assets) {
    if (!asset.ruling.probate || known(asset) || goneBeforeDeath(asset, input.dateOfDeath)) continue;
    const received = asset.kind === 'unclaimed_property' ? asset.receivedOn : utcDateOf(asset.createdAt);
    if (received !== null && received <= input.to) entering.additional.push(line(asset, asset.ruling, received));
  }
  return entering;
}

export function enteringProperty(input: AccountingInput, assets: readonly EstateAsset[], ledgers: ReadonlyMap<string, AccountingTransaction[]>): EnteringProperty {
  return input.previous === null ? firstAccount(input, assets, ledgers) : laterAccount(input, input.previous.to, input.previous.propertyOnHandEnd, assets, ledgers);
}
