import fc from 'fast-check';
import { type Cents, centsOf, centsToText, sumCents } from '@estate/shared-kernel/domain';
import { type AccountingCategory, DISBURSEMENT_CATEGORIES, RECEIPT_CATEGORIES, shareOf } from '@estate/assets';
import { at, bankAccount, business, claim, distribution, property, transaction, unclaimed, vehicle } from './accounting-fixtures.testing';
import type { AccountingInput } from './accounting-input';
import type { AccountingComputation, UnreconciledKind } from './accounting-lines';
import { NOTHING_COUNTED, countedFlowKey } from './accounting-period';
import { type AccountingRecords, type AccountingTransaction, noRecords } from './accounting-records';
import { computeAccounting } from './court-accounting';
import { previousAccountingOf, accountingDocument } from './accounting-document';
import { accountingReport, compensationBase } from './accounting-report';

/**
 * Contract-extensions §16.6 as properties: for any consistent set of records the account balances and every cash row
 * closes at its ledger; each kind of inconsistency, injected, shows as exactly one unreconciled item whose effect
 * explains the difference to the cent.
 */
const DATE_OF_DEATH = '2026-01-10';
const TO = '2026-12-31'; // the date of death + 355 days
const TODAY = '2027-01-15';
const day = (offset: number): string => new Date(Date.UTC(2026, 0, 10 + offset)).toISOString().slice(0, 10);
const text = (cents: Cents | number): string => centsToText(BigInt(cents));

const amount = fc.integer({ min: 1, max: 50_000_000 });
const anyDay = fc.integer({ min: -30, max: 400 });
const inPeriod = fc.integer({ min: 1, max: 355 });
const percentage = fc.constantFrom<number | string>(100, 50, 33.33, 12.5, '66.67', 0.01);
const SPENDING: AccountingCategory[] = [...RECEIPT_CATEGORIES, ...DISBURSEMENT_CATEGORIES, 'distribution'];

type Fate = { type: 'keep' } | { type: 'sell'; offset: number; price: number } | { type: 'distribute'; offset: number; value: number };
const fate = (sell = fc.integer({ min: -10, max: 400 })): fc.Arbitrary<Fate> =>
  fc.oneof(
    fc.constant({ type: 'keep' as const }),
    fc.record({ type: fc.constant('sell' as const), offset: sell, price: amount }),
    fc.record({ type: fc.constant('distribute' as const), offset: fc.integer({ min: 1, max: 400 }), value: amount }),
  );

const scenario = fc.record({
  accounts: fc.integer({ min: 1, max: 3 }),
  flows: fc.array(fc.record({ account: fc.nat(2), offset: anyDay, category: fc.constantFrom(...SPENDING), amount }), { maxLength: 25 }),
  transfers: fc.array(fc.record({ from: fc.nat(2), to: fc.nat(2), offset: anyDay, amount, named: fc.boolean() }), { maxLength: 5 }),
  podFlows: fc.array(fc.record({ offset: anyDay, amount: fc.integer({ min: -50_000_000, max: 50_000_000 }) }), { maxLength: 5 }),
  houses: fc.array(fc.record({ value: amount, share: percentage, probate: fc.boolean(), fate: fate(), mortgage: fc.option(amount) }), { maxLength: 3 }),
  vehicles: fc.array(fc.record({ value: fc.option(amount), fate: fate(), disposition: fc.constantFrom('sell', 'donate', 'junk') }), { maxLength: 2 }),
  businesses: fc.array(fc.record({ value: amount, share: percentage, fate: fate() }), { maxLength: 2 }),
  policies: fc.array(fc.record({ benefit: amount, named: fc.boolean(), paid: fc.option(fc.record({ offset: fc.integer({ min: 1, max: 400 }), amount })) }), { maxLength: 2 }),
  investments: fc.array(
    fc.record({ value: amount, named: fc.boolean(), liquidated: fc.option(fc.array(fc.record({ offset: inPeriod, amount }), { minLength: 1, maxLength: 3 })) }),
    { maxLength: 2 },
  ),
  unclaimed: fc.array(fc.option(fc.record({ offset: fc.integer({ min: 1, max: 400 }), amount })), { maxLength: 2 }),
  claims: fc.array(fc.record({ amount, status: fc.constantFrom('pending', 'accepted', 'paid', 'rejected') as fc.Arbitrary<'pending' | 'accepted' | 'paid' | 'rejected'>, offset: inPeriod }), { maxLength: 3 }),
  personalProperty: fc.array(fc.record({ offset: fc.integer({ min: 1, max: 400 }), value: amount }), { maxLength: 1 }),
  statements: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/**
 * Builds records that agree with each other: every disposal's proceeds recorded gross, every paid claim's debit, both
 * legs of each transfer, statements that match their ledgers. The estate's `spare` account has no statement and no
 * transactions: injections write there, so no statement is upset by them.
 */
function consistentRecords(s: Scenario): AccountingRecords {
  const accounts = Array.from({ length: s.accounts }, (_, index) => bankAccount(`b${index}`, { createdAt: at(day(index)) }));
  const account = (index: number) => accounts[index % accounts.length].id;
  const transactions: AccountingTransaction[] = [];
  const add = (...args: Parameters<typeof transaction>) => transactions.push(transaction(...args));
  let next = 0;
  const id = (prefix: string) => `${prefix}${next++}`;
  s.flows.forEach((flow) => add(id('t'), account(flow.account), day(flow.offset), text(RECEIPT_CATEGORIES.includes(flow.category) ? flow.amount : -flow.amount), flow.category));
  s.transfers.forEach((move) => {
    const related: ['transfer', string] | null = move.named ? ['transfer', id('trf')] : null;
    add(id('t'), account(move.from), day(move.offset), text(-move.amount), 'transfer', related);
    add(id('t'), account(move.to), day(move.offset), text(move.amount), 'transfer', related);
  });
  const pod = bankAccount('pod', { ownershipType: 'pod_payable_on_death' });
  s.podFlows.forEach((flow) => add(id('t'), 'pod', day(flow.offset), text(flow.amount), flow.amount >= 0 ? 'other_receipt' : 'other_disbursement'));

  const distributions: Array<AccountingRecords['distributions'][number]> = [];
  const proceeds = (kind: AccountingTransaction['relatedType'] & string, assetId: string, offset: number, cents: Cents) =>
    add(id('t'), account(next), day(offset), text(cents), 'asset_proceeds', [kind as never, assetId]);
  const inKind = (assetType: string, assetId: string | null, offset: number, value: number) =>
    distributions.push(distribution(id('d'), { kind: 'in_kind', assetType, assetId, value: text(value), status: 'paid', paidDate: day(offset), assetDescription: `in kind ${assetType}` }));

  const realEstateProperties: AccountingRecords['realEstateProperties'] = s.houses.map((house, index) => {
    const houseId = `house${index}`;
    const sold = house.fate.type === 'sell' ? house.fate : null;
    if (sold && house.probate && sold.offset > 0) proceeds('real_estate_property', houseId, sold.offset, shareOf(BigInt(sold.price), house.share));
    if (house.fate.type === 'distribute') inKind('real_estate_property', houseId, house.fate.offset, house.fate.value);
    return property(houseId, {
      ownershipType: house.probate ? 'sole' : 'joint_tenants_wros',
      ownershipPercentage: house.share,
      dateOfDeathValue: text(house.value),
      outstandingMortgage: house.mortgage === null ? null : text(house.mortgage),
      status: sold ? 'sold' : house.fate.type === 'distribute' ? 'transferred_to_heir' : 'owned',
      salePrice: sold ? text(sold.price) : null,
      saleDate: sold ? day(sold.offset) : null,
    });
  });
  const vehicles: AccountingRecords['vehicles'] = s.vehicles.map((car, index) => {
    const carId = `car${index}`;
    const sold = car.fate.type === 'sell' ? car.fate : null;
    if (sold && sold.offset > 0 && car.disposition === 'sell') proceeds('vehicle', carId, sold.offset, BigInt(sold.price));
    if (car.fate.type === 'distribute') inKind('vehicle', carId, car.fate.offset, car.fate.value);
    return vehicle(carId, {
      estimatedValue: car.value === null ? null : text(car.value),
      disposition: sold ? car.disposition : car.fate.type === 'distribute' ? 'transfer_to_heir' : 'keep',
      dispositionDetails: sold ? { sale_date: day(sold.offset), sale_price: text(sold.price) } : null,
    });
  });
  const businesses: AccountingRecords['businesses'] = s.businesses.map((firm, index) => {
    const firmId = `firm${index}`;
    const sold = firm.fate.type === 'sell' ? firm.fate : null;
    if (sold && sold.offset > 0) proceeds('business', firmId, sold.offset, shareOf(BigInt(sold.price), firm.share));
    if (firm.fate.type === 'distribute') inKind('business', firmId, firm.fate.offset, firm.fate.value);
    return business(firmId, {
      ownershipPercentage: firm.share,
      estimatedValue: text(firm.value),
      status: sold ? 'sold' : firm.fate.type === 'distribute' ? 'transferred' : 'active',
      salePrice: sold ? text(sold.price) : null,
      saleDate: sold ? day(sold.offset) : null,
    });
  });
  const lifeInsurancePolicies: AccountingRecords['lifeInsurancePolicies'] = s.policies.map((policy, index) => {
    const policyId = `policy${index}`;
    if (policy.paid && !policy.named) proceeds('life_insurance_policy', policyId, policy.paid.offset, BigInt(policy.paid.amount));
    return {
      id: policyId,
      carrierName: 'Mutual Life',
      policyType: 'term',
      policyNumber: `LP-${index}-0001`,
      deathBenefit: text(policy.benefit),
      beneficiaries: policy.named ? [{ name: 'Named' }] : [],
      claimPaidDate: policy.paid ? day(policy.paid.offset) : null,
      claimPaidAmount: policy.paid ? text(policy.paid.amount) : null,
      createdAt: at('2026-01-20'),
    };
  });
  const investmentAccounts: AccountingRecords['investmentAccounts'] = s.investments.map((investment, index) => {
    const investmentId = `invest${index}`;
    if (investment.liquidated && !investment.named) investment.liquidated.forEach((part) => proceeds('investment_account', investmentId, part.offset, BigInt(part.amount)));
    return {
      id: investmentId,
      custodianName: 'Broker',
      accountType: 'brokerage',
      accountNumber: `INV${index}99887766`,
      balance: null,
      dateOfDeathValue: text(investment.value),
      holdings: [],
      beneficiaries: investment.named ? [{ name: 'Named' }] : [],
      transferStatus: investment.liquidated ? 'liquidated' : 'not_started',
      createdAt: at('2026-01-21'),
    };
  });
  const unclaimedProperty: AccountingRecords['unclaimedProperty'] = s.unclaimed.map((paid, index) => {
    const unclaimedId = `unclaimed${index}`;
    if (paid) proceeds('unclaimed_property', unclaimedId, paid.offset, BigInt(paid.amount));
    return unclaimed(unclaimedId, paid ? { claimStatus: 'paid', claimPaidDate: day(paid.offset), claimPaidAmount: text(paid.amount) } : {});
  });
  const creditorClaims: AccountingRecords['creditorClaims'] = s.claims.map((entry, index) => {
    const claimId = `claim${index}`;
    if (entry.status === 'paid') add(id('t'), account(index), day(entry.offset), text(-entry.amount), 'creditor_claims', ['claim', claimId]);
    return claim(claimId, text(entry.amount), entry.status === 'paid' ? { status: 'paid', resolutionAmount: text(entry.amount), resolutionDate: day(entry.offset) } : { status: entry.status });
  });
  s.personalProperty.forEach((item) => inKind('personal_property', null, item.offset, item.value));
  const statements: AccountingRecords['statements'] = accounts.flatMap((bank, index) =>
    s.statements[index] ? [{ bankAccountId: bank.id, periodEnd: TO, closingBalance: text(ledgerThrough(transactions, bank.id, TO)) }] : [],
  );
  return {
    ...noRecords(),
    bankAccounts: [...accounts, pod, bankAccount('spare', { createdAt: at(day(5)) })],
    transactions,
    statements,
    investmentAccounts,
    lifeInsurancePolicies,
    realEstateProperties,
    vehicles,
    businesses,
    unclaimedProperty,
    distributions,
    creditorClaims,
  };
}

function ledgerThrough(transactions: readonly AccountingTransaction[], accountId: string, to: string): Cents {
  return sumCents(transactions.filter((entry) => entry.bankAccountId === accountId && entry.date <= to).map((entry) => centsOf(entry.amount) ?? 0n));
}

const inputOf = (records: AccountingRecords, fields: Partial<AccountingInput> = {}): AccountingInput => ({
  from: DATE_OF_DEATH,
  to: TO,
  today: TODAY,
  dateOfDeath: DATE_OF_DEATH,
  previous: null,
  countedBefore: NOTHING_COUNTED,
  records,
  ...fields,
});

const effects = (computation: AccountingComputation): Cents => sumCents(computation.unreconciled.map((item) => item.effect));

function expectCashRowsClose(computation: AccountingComputation, records: AccountingRecords, to: string): void {
  for (const row of computation.cashReconciliation) {
    expect(row.closing).toBe(row.opening + row.receipts + row.proceeds + row.transfersIn + row.propertyReceived - row.disbursements - row.distributions - row.transfersOut);
    expect(row.closing).toBe(ledgerThrough(records.transactions, row.accountId, to));
  }
}

const RUNS = { numRuns: 150 };

describe('court accounting, properties (§16.6)', () => {
  it('any consistent set of records balances, and each cash row closes at its ledger', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const records = consistentRecords(s);
        const accounting = computeAccounting(inputOf(records));
        expect(accounting.unreconciled).toEqual([]);
        expect(accounting.summary.difference).toBe(0n);
        expect(accounting.summary.balanced).toBe(true);
        expect(accounting.summary.reconciled).toBe(true);
        expect(accounting.schedules.changes_in_form.total).toBe(0n);
        expectCashRowsClose(accounting, records, TO);
      }),
      RUNS,
    );
  });

  it('split into two settled accounts: each explains its difference, they add up to the single account, nothing is counted twice', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 354 }), (s, split) => {
        const records = consistentRecords(s);
        const whole = computeAccounting(inputOf(records));
        const first = computeAccounting(inputOf(records, { to: day(split) }));
        const stored = accountingDocument({
          computation: first,
          scheme: 'ca',
          caption: { court_name: null, county_name: null, state: null, case_number: null, estate_name: null, date_of_death: null, fiduciary_name: null, fiduciary_role: null },
          identity: { status: 'live', computedAt: new Date(0) },
          report: accountingReport({ computation: first, scheme: 'ca', claims: [], distributions: [], bond: null, earlier: [] }),
        });
        const second = computeAccounting(inputOf(records, { from: day(split + 1), previous: previousAccountingOf(JSON.parse(JSON.stringify(stored))), countedBefore: first.counted }));
        for (const accounting of [first, second]) expect(effects(accounting)).toBe(accounting.summary.difference);
        expect(first.summary.difference + second.summary.difference).toBe(0n);
        expect(second.schedules.property_on_hand_beginning.total).toBe(first.schedules.property_on_hand_end.total);
        expect(second.schedules.property_on_hand_end.total).toBe(whole.schedules.property_on_hand_end.total);
        // §16.10: the compensation base through `to` does not depend on how the period was split into accounts.
        expect(compensationBase(second.summary, [JSON.parse(JSON.stringify(stored.summary))])).toBe(compensationBase(whole.summary, []));
        expectCashRowsClose(first, records, day(split));
        expectCashRowsClose(second, records, TO);
        const once = new Set(first.counted.flows.map(countedFlowKey));
        expect(second.counted.flows.filter((flow) => once.has(countedFlowKey(flow)))).toEqual([]);
        expect(second.counted.flows.filter((flow) => flow.type === 'transaction').length + first.counted.flows.filter((flow) => flow.type === 'transaction').length).toBe(
          whole.counted.flows.filter((flow) => flow.type === 'transaction').length,
        );
      }),
      { numRuns: 100 },
    );
  });

  type Injection = { kind: UnreconciledKind; inject: (records: AccountingRecords) => AccountingRecords; effect: Cents };
  const withTransactions = (records: AccountingRecords, ...added: AccountingTransaction[]): AccountingRecords => ({ ...records, transactions: [...records.transactions, ...added] });

  const injection: fc.Arbitrary<Injection> = fc.oneof(
    // The sale of a house recorded net (or short): proceeds_mismatch, effect = expected − recorded.
    fc.record({ offset: inPeriod, price: amount, value: amount, short: amount }).map(({ offset, price, value, short }): Injection => {
      const shortBy = BigInt(Math.min(short, price));
      return {
        kind: 'proceeds_mismatch',
        effect: shortBy,
        inject: (records) =>
          withTransactions(
            { ...records, realEstateProperties: [...records.realEstateProperties, property('injected-house', { dateOfDeathValue: text(value), status: 'sold', salePrice: text(price), saleDate: day(offset) })] },
            transaction('injected-proceeds', 'spare', day(offset), text(BigInt(price) - shortBy), 'asset_proceeds', ['real_estate_property', 'injected-house']),
          ),
      };
    }),
    // Proceeds naming an asset that was not disposed of: unmatched_proceeds, effect = −amount.
    fc.record({ offset: inPeriod, cents: amount }).map(({ offset, cents }): Injection => ({
      kind: 'unmatched_proceeds',
      effect: -BigInt(cents),
      inject: (records) => withTransactions(records, transaction('injected-proceeds', 'spare', day(offset), text(cents), 'asset_proceeds', ['vehicle', 'never-sold'])),
    })),
    // One leg of a transfer: unmatched_transfers, effect = −its amount.
    fc.record({ offset: inPeriod, cents: fc.integer({ min: -50_000_000, max: 50_000_000 }).filter((cents) => cents !== 0) }).map(({ offset, cents }): Injection => ({
      kind: 'unmatched_transfers',
      effect: -BigInt(cents),
      inject: (records) => withTransactions(records, transaction('injected-leg', 'spare', day(offset), text(cents), 'transfer', ['transfer', 'half-a-transfer'])),
    })),
    // A statement that disagrees with the ledger: balance_mismatch, effect 0.00.
    fc.record({ offset: inPeriod, cents: amount, off: fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((off) => off !== 0) }).map(({ offset, cents, off }): Injection => ({
      kind: 'balance_mismatch',
      effect: 0n,
      inject: (records) =>
        withTransactions(
          {
            ...records,
            bankAccounts: [...records.bankAccounts, bankAccount('injected-bank')],
            statements: [...records.statements, { bankAccountId: 'injected-bank', periodEnd: TO, closingBalance: text(BigInt(cents + off)) }],
          },
          transaction('injected-receipt', 'injected-bank', day(offset), text(cents), 'interest'),
        ),
    })),
    // A claim marked paid without its debit: claim_payment_not_recorded, effect 0.00.
    fc.record({ offset: inPeriod, cents: amount }).map(({ offset, cents }): Injection => ({
      kind: 'claim_payment_not_recorded',
      effect: 0n,
      inject: (records) => ({ ...records, creditorClaims: [...records.creditorClaims, claim('injected-claim', text(cents), { status: 'paid', resolutionAmount: text(cents), resolutionDate: day(offset) })] }),
    })),
    // A probate account in euros: currency_not_supported, effect 0.00, and none of its flows summed.
    fc.array(fc.record({ offset: anyDay, cents: fc.integer({ min: -50_000_000, max: 50_000_000 }) }), { maxLength: 4 }).map((flows): Injection => ({
      kind: 'currency_not_supported',
      effect: 0n,
      inject: (records) =>
        withTransactions(
          { ...records, bankAccounts: [...records.bankAccounts, bankAccount('injected-euro', { currency: 'EUR' })] },
          ...flows.map((flow, index) => transaction(`injected-euro-${index}`, 'injected-euro', day(flow.offset), text(flow.cents), flow.cents >= 0 ? 'other_receipt' : 'other_disbursement')),
        ),
    })),
  );

  it('each kind of inconsistency injected into a consistent set shows as exactly one item of that kind, with its effect, and Σ effect = difference', () => {
    fc.assert(
      fc.property(scenario, injection, (s, { kind, inject, effect }) => {
        const records = inject(consistentRecords(s));
        const accounting = computeAccounting(inputOf(records));
        expect(accounting.unreconciled.map((item) => [item.kind, item.effect])).toEqual([[kind, effect]]);
        expect(effects(accounting)).toBe(accounting.summary.difference);
        expect(accounting.summary.balanced).toBe(effect === 0n);
        expect(accounting.summary.reconciled).toBe(kind !== 'balance_mismatch');
        expectCashRowsClose(accounting, records, TO);
      }),
      RUNS,
    );
  });
});
