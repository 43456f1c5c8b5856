import { centsOf } from '@estate/shared-kernel/domain';
import { at, bankAccount, business, claim, distribution, property, transaction, unclaimed, vehicle } from './accounting-fixtures.testing';
import type { AccountingInput, PreviousAccounting } from './accounting-input';
import type { AccountingComputation } from './accounting-lines';
import { NOTHING_COUNTED } from './accounting-period';
import { type AccountingRecords, noRecords } from './accounting-records';
import { computeAccounting } from './court-accounting';
import { assertDeletable, assertNotClosedByFinal, settlementRefusals } from './settlement';

const c = (amount: string | number): bigint => centsOf(amount) as bigint;
const DEATH = '2026-01-10';

const first = (records: AccountingRecords, to = '2026-06-30'): AccountingComputation =>
  computeAccounting({ from: DEATH, to, today: '2027-01-31', dateOfDeath: DEATH, previous: null, countedBefore: NOTHING_COUNTED, records });

/** The next account after `previous`, as a settlement would compute it (what it counted, its ending property). */
function next(previous: AccountingComputation, records: AccountingRecords, to: string, before: AccountingInput['countedBefore'] = previous.counted): AccountingComputation {
  const lastTo: PreviousAccounting = { to: previous.to, propertyOnHandEnd: previous.schedules.property_on_hand_end.lines };
  const from = new Date(Date.parse(`${previous.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return computeAccounting({ from, to, today: '2027-01-31', dateOfDeath: DEATH, previous: lastTo, countedBefore: before, records });
}

const estate = bankAccount('estate', { accountType: 'estate_account', ownershipType: 'estate', createdAt: at('2026-02-01') });

describe('the first account', () => {
  it('folds every transaction dated on or before the date of death into the beginning, whatever its category', () => {
    const accounting = first({
      ...noRecords(),
      bankAccounts: [bankAccount('checking')],
      transactions: [
        transaction('pre1', 'checking', '2026-01-02', 5000, 'other_receipt'),
        transaction('pre2', 'checking', '2026-01-10', -120, 'property_expenses'),
        transaction('post', 'checking', '2026-01-11', -80, 'property_expenses'),
      ],
    });
    expect(accounting.schedules.property_on_hand_beginning.total).toBe(c(4880));
    expect(accounting.schedules.disbursements.lines.map((line) => line.id)).toEqual(['post']);
    expect(accounting.schedules.property_on_hand_end.total).toBe(c(4800));
    expect(accounting.counted.flows.filter((flow) => flow.type === 'transaction').map((flow) => flow.id)).toEqual(['pre1', 'pre2', 'post']);
    expect(accounting.summary.balanced).toBe(true);
  });

  it('leaves out non-probate records, property sold on or before the date of death, and other currencies', () => {
    const accounting = first({
      ...noRecords(),
      bankAccounts: [bankAccount('pod', { ownershipType: 'pod_payable_on_death' }), bankAccount('euro', { currency: 'EUR' })],
      transactions: [transaction('e1', 'euro', '2026-01-05', 900, 'other_receipt'), transaction('p1', 'pod', '2026-01-05', 700, 'other_receipt')],
      realEstateProperties: [
        property('sold-before', { dateOfDeathValue: 1, status: 'sold', saleDate: '2026-01-10', salePrice: 2 }),
        property('joint', { ownershipType: 'joint_tenants_wros', dateOfDeathValue: 5 }),
      ],
    });
    expect(accounting.schedules.property_on_hand_beginning.lines).toEqual([]);
    expect(accounting.cashReconciliation).toEqual([]);
    expect(accounting.unreconciled).toEqual([expect.objectContaining({ kind: 'currency_not_supported', relatedType: 'bank_account', relatedId: 'euro', effect: 0n })]);
    expect(accounting.summary).toMatchObject({ balanced: true, difference: 0n });
  });

  it('orders property by §16.3 kind, then creation; and every schedule line by date, creation, id', () => {
    const accounting = first({
      ...noRecords(),
      bankAccounts: [bankAccount('b2', { createdAt: at('2026-01-13') }), bankAccount('b1', { createdAt: at('2026-01-12') })],
      transactions: [
        transaction('late', 'b1', '2026-03-01', 10, 'interest'),
        transaction('z-early', 'b2', '2026-02-01', 10, 'rent'),
        transaction('a-early', 'b1', '2026-02-01', 10, 'dividends', null, { createdAt: at('2026-03-05') }),
      ],
      businesses: [business('firm', { estimatedValue: 10 })],
      vehicles: [vehicle('car', { estimatedValue: 10 })],
      realEstateProperties: [property('house', { estimatedValue: 10 })],
    });
    expect(accounting.schedules.property_on_hand_beginning.lines.map((line) => line.id)).toEqual(['b1', 'b2', 'house', 'car', 'firm']);
    expect(accounting.schedules.receipts.lines.map((line) => line.id)).toEqual(['z-early', 'a-early', 'late']);
    expect(accounting.schedules.receipts.byCategory.map((subtotal) => subtotal.category)).toEqual(['interest', 'dividends', 'rent']);
  });
});

describe('disposals and distributions', () => {
  it('a policy paid to the estate below its death benefit is a loss; its payout a receipt of proceeds', () => {
    const accounting = first({
      ...noRecords(),
      bankAccounts: [estate],
      transactions: [transaction('payout', 'estate', '2026-03-01', 95000, 'asset_proceeds', ['life_insurance_policy', 'policy'])],
      lifeInsurancePolicies: [{ id: 'policy', carrierName: 'Mutual', policyType: null, policyNumber: null, deathBenefit: 100000, beneficiaries: [], claimPaidDate: '2026-03-01', claimPaidAmount: 95000, createdAt: at('2026-01-20') }],
    });
    expect(accounting.schedules.losses_on_sales.lines).toEqual([expect.objectContaining({ kind: 'life_insurance_policy', id: 'policy', proceeds: c(95000), carryValue: c(100000), amount: c(5000) })]);
    expect(accounting.summary).toMatchObject({ balanced: true, charges: { total: c(100000) }, credits: { total: c(100000) } });
  });

  it('an investment account liquidated in two deposits: one disposal, dated by the later, at their sum', () => {
    const accounting = first({
      ...noRecords(),
      bankAccounts: [estate],
      transactions: [
        transaction('d1', 'estate', '2026-04-01', 30000, 'asset_proceeds', ['investment_account', 'inv']),
        transaction('d2', 'estate', '2026-04-20', 12000.5, 'asset_proceeds', ['investment_account', 'inv']),
      ],
      investmentAccounts: [
        { id: 'inv', custodianName: 'Broker', accountType: 'brokerage', accountNumber: null, balance: null, dateOfDeathValue: 40000, holdings: [], beneficiaries: [], transferStatus: 'liquidated', createdAt: at('2026-01-20') },
      ],
    });
    expect(accounting.schedules.gains_on_sales.lines).toEqual([expect.objectContaining({ date: '2026-04-20', proceeds: c('42000.50'), carryValue: c(40000), amount: c('2000.50') })]);
    expect(accounting.unreconciled).toEqual([]);
  });

  it('unclaimed property paid: additional property at the amount paid, and its disposal at the same amount (gain 0.00)', () => {
    const accounting = first({
      ...noRecords(),
      bankAccounts: [estate],
      transactions: [transaction('refund', 'estate', '2026-05-01', 812.4, 'asset_proceeds', ['unclaimed_property', 'u1'])],
      unclaimedProperty: [unclaimed('u1', { claimStatus: 'paid', claimPaidDate: '2026-05-01', claimPaidAmount: 812.4 }), unclaimed('u2', { claimStatus: 'approved' })],
    });
    expect(accounting.schedules.property_on_hand_beginning.lines.map((line) => line.id)).toEqual(['estate']);
    expect(accounting.schedules.additional_property_received.lines).toEqual([expect.objectContaining({ kind: 'unclaimed_property', id: 'u1', carryValue: c('812.40'), date: '2026-05-01' })]);
    expect(accounting.schedules.gains_on_sales.lines).toEqual([expect.objectContaining({ id: 'u1', amount: 0n })]);
    expect(accounting.summary).toMatchObject({ balanced: true, charges: { total: c('812.40') } });
  });

  it('in kind: a carried asset leaves at its carry value (value_at_distribution shown apart); personal property at 0.00', () => {
    const accounting = first({
      ...noRecords(),
      vehicles: [vehicle('car', { estimatedValue: 18000, lienPayoffAmount: 3000, disposition: 'transfer_to_heir' })],
      distributions: [
        distribution('car-to-sam', { kind: 'in_kind', assetType: 'vehicle', assetId: 'car', value: 17500, status: 'paid', paidDate: '2026-04-01', assetDescription: 'The Camry' }),
        distribution('watch', { kind: 'in_kind', assetType: 'personal_property', value: 900, status: 'paid', paidDate: '2026-04-02', createdAt: at('2026-03-02') }),
        distribution('planned', { kind: 'in_kind', assetType: 'personal_property', value: 5, status: 'approved' }),
      ],
    });
    expect(accounting.schedules.distributions.lines.map((line) => [line.id, line.kind, line.amount, line.valueAtDistribution, line.description])).toEqual([
      ['car-to-sam', 'in_kind', c(18000), c(17500), 'The Camry'],
      ['watch', 'in_kind', 0n, c(900), 'personal_property'],
    ]);
    expect(accounting.schedules.property_on_hand_end.lines).toEqual([]);
    expect(accounting.schedules.liabilities.lines).toEqual([]); // the lien left with the car
    expect(accounting.summary.balanced).toBe(true);
  });
});

describe('the liabilities memo', () => {
  it('open claims (accepted at the resolution amount), debts not paid or closed, encumbrances of property on hand', () => {
    const accounting = first({
      ...noRecords(),
      realEstateProperties: [property('house', { estimatedValue: 500000, outstandingMortgage: 200000, liens: [{ amount: 1500.5 }, {}], parcelNumber: 'APN-7' })],
      vehicles: [vehicle('car', { estimatedValue: 9000 })],
      creditorClaims: [
        claim('accepted', 900, { status: 'accepted', resolutionAmount: 850, claimDate: '2026-03-01' }),
        claim('pending', 400, { claimDate: '2026-02-01', accountNumber: '4111111111111111' }),
        claim('rejected', 77, { status: 'rejected' }),
      ],
      debts: [
        { id: 'card', creditorName: 'Card Co', debtType: 'CRC', accountNumber: null, condition: 'OPEN', balance: 1200, createdAt: at('2026-01-20') },
        { id: 'paid', creditorName: 'Old Loan', debtType: 'I/L', accountNumber: null, condition: 'PAID', balance: 0, createdAt: at('2026-01-20') },
        { id: 'closed', creditorName: 'Closed', debtType: 'I/L', accountNumber: null, condition: 'CLOSED', balance: 10, createdAt: at('2026-01-20') },
        { id: 'unknown', creditorName: 'Unknown', debtType: 'UNK', accountNumber: null, condition: null, balance: null, createdAt: at('2026-01-21') },
      ],
    });
    expect(accounting.schedules.liabilities.lines.map((line) => [line.kind, line.id, line.amount, line.reference])).toEqual([
      ['claim', 'pending', c(400), '************1111'],
      ['claim', 'accepted', c(850), null],
      ['debt', 'card', c(1200), null],
      ['debt', 'unknown', 0n, null],
      ['encumbrance', 'house', c('201500.50'), 'APN-7'],
    ]);
    // Gross values: liabilities are a memo, never deducted.
    expect(accounting.schedules.property_on_hand_end.total).toBe(c(509000));
  });
});

describe('later accounts: counted once', () => {
  const records = (extra: Partial<AccountingRecords> = {}): AccountingRecords => ({
    ...noRecords(),
    bankAccounts: [estate],
    transactions: [transaction('t1', 'estate', '2026-03-01', 1000, 'interest')],
    realEstateProperties: [property('house', { dateOfDeathValue: 300000 })],
    ...extra,
  });

  it('a transaction dated in a settled period, entered later, counts in the next account as prior_period', () => {
    const one = first(records());
    const late = transaction('late', 'estate', '2026-05-05', -250, 'attorney_fees');
    const two = next(one, records({ transactions: [...records().transactions, late] }), '2026-12-31');
    expect(two.schedules.disbursements.lines).toEqual([expect.objectContaining({ id: 'late', amount: c(250), priorPeriod: true })]);
    expect(two.schedules.receipts.lines).toEqual([]);
    expect(two.cashReconciliation[0]).toMatchObject({ opening: c(1000), disbursements: c(250), closing: c(750) });
    expect(two.summary.balanced).toBe(true);
  });

  it('a house sold in a settled period but recorded later: disposal and proceeds both counted next time, prior_period', () => {
    const one = first(records());
    const sold = records({
      realEstateProperties: [property('house', { dateOfDeathValue: 300000, status: 'sold', salePrice: 280000, saleDate: '2026-06-10' })],
      transactions: [...records().transactions, transaction('escrow', 'estate', '2026-06-10', 280000, 'asset_proceeds', ['real_estate_property', 'house'])],
    });
    const two = next(one, sold, '2026-12-31');
    expect(two.schedules.property_on_hand_beginning.lines.map((line) => line.id)).toEqual(['estate', 'house']);
    expect(two.schedules.losses_on_sales.lines).toEqual([expect.objectContaining({ id: 'house', amount: c(20000), priorPeriod: true })]);
    expect(two.schedules.property_on_hand_end.lines.map((line) => [line.id, line.carryValue])).toEqual([['estate', c(281000)]]);
    expect(two.unreconciled).toEqual([]);
    const three = next(two, sold, '2027-01-31', { flows: [...one.counted.flows, ...two.counted.flows], carried: [...one.counted.carried, ...two.counted.carried] });
    expect(three.schedules.losses_on_sales.lines).toEqual([]);
    expect(three.schedules.property_on_hand_beginning.total).toBe(c(281000));
  });

  it('property found later is additional property dated created_at; once listed it is never additional again', () => {
    const one = first(records());
    const found = records({ vehicles: [vehicle('car', { estimatedValue: 7000, createdAt: at('2026-08-01') })] });
    const two = next(one, found, '2026-12-31');
    expect(two.schedules.additional_property_received.lines).toEqual([expect.objectContaining({ kind: 'vehicle', id: 'car', carryValue: c(7000), date: '2026-08-01' })]);
    expect(two.schedules.property_on_hand_end.lines.map((line) => line.id)).toEqual(['estate', 'house', 'car']);
    expect(two.summary.balanced).toBe(true);
    const three = next(two, found, '2027-01-31', { flows: [...one.counted.flows, ...two.counted.flows], carried: [...one.counted.carried, ...two.counted.carried] });
    expect(three.schedules.additional_property_received.lines).toEqual([]);
    expect(three.schedules.property_on_hand_beginning.lines.map((line) => line.id)).toEqual(['estate', 'house', 'car']);
  });

  it('a bank account found later: received at its transactions through the previous to; later ones flow', () => {
    const one = first(records());
    const savings = bankAccount('savings', { accountType: 'savings', createdAt: at('2026-09-01') });
    const found = records({
      bankAccounts: [estate, savings],
      transactions: [
        ...records().transactions,
        transaction('s1', 'savings', '2026-01-05', 4000, 'other_receipt'),
        transaction('s2', 'savings', '2026-04-01', 12.5, 'interest'),
        transaction('s3', 'savings', '2026-10-01', 13, 'interest'),
      ],
    });
    const two = next(one, found, '2026-12-31');
    expect(two.schedules.additional_property_received.lines).toEqual([expect.objectContaining({ kind: 'bank_account', id: 'savings', carryValue: c('4012.50'), date: '2026-09-01' })]);
    expect(two.cashReconciliation[1]).toMatchObject({ accountId: 'savings', opening: 0n, propertyReceived: c('4012.50'), receipts: c(13), closing: c('4025.50') });
    expect(two.schedules.receipts.lines.map((line) => line.id)).toEqual(['s3']);
    expect(two.summary.balanced).toBe(true);
  });

  it('property carried stays carried whatever later edits say about its ownership', () => {
    const one = first(records());
    const two = next(one, records({ realEstateProperties: [property('house', { dateOfDeathValue: 999999, ownershipType: 'trust' })] }), '2026-12-31');
    expect(two.schedules.property_on_hand_end.lines.map((line) => [line.id, line.carryValue])).toEqual([
      ['estate', c(1000)],
      ['house', c(300000)],
    ]);
  });
});

describe('§16.6 reconciliation items', () => {
  it('proceeds split across two accounts: unmatched now, mismatch (with the opposite effect) when the disposal is counted', () => {
    const early = transaction('part1', 'estate', '2026-05-01', 10000, 'asset_proceeds', ['investment_account', 'inv']);
    const late = transaction('part2', 'estate', '2026-08-01', 5000, 'asset_proceeds', ['investment_account', 'inv']);
    const recordsOf: AccountingRecords = {
      ...noRecords(),
      bankAccounts: [estate],
      transactions: [early, late],
      investmentAccounts: [
        { id: 'inv', custodianName: 'Broker', accountType: 'brokerage', accountNumber: null, balance: 15000, dateOfDeathValue: null, holdings: [], beneficiaries: [], transferStatus: 'liquidated', createdAt: at('2026-01-20') },
      ],
    };
    const one = first(recordsOf);
    expect(one.unreconciled).toEqual([expect.objectContaining({ kind: 'unmatched_proceeds', relatedType: 'transaction', relatedId: 'part1', effect: c(-10000) })]);
    expect(one.summary.difference).toBe(c(-10000));
    expect(settlementRefusals(one, { isFinal: false, claims: [], distributions: [] })).toHaveLength(1);
    const two = next(one, recordsOf, '2026-12-31');
    expect(two.unreconciled).toEqual([expect.objectContaining({ kind: 'proceeds_mismatch', relatedId: 'inv', expected: c(15000), recorded: c(5000), effect: c(10000) })]);
    expect(two.summary.difference).toBe(c(10000));
  });

  it('a claim marked paid without its debit; the debit naming it (on any account, in any period) satisfies it', () => {
    const paid = claim('hospital', 1150, { creditorName: 'City Hospital', status: 'paid', resolutionAmount: 1150, resolutionDate: '2026-04-01' });
    const without = first({ ...noRecords(), bankAccounts: [estate], creditorClaims: [paid] });
    expect(without.unreconciled).toEqual([
      { kind: 'claim_payment_not_recorded', relatedType: 'claim', relatedId: 'hospital', date: '2026-04-01', expected: c(1150), recorded: 0n, effect: 0n, message: expect.stringContaining('City Hospital') },
    ]);
    const withDebit = first({ ...noRecords(), bankAccounts: [estate], creditorClaims: [paid], transactions: [transaction('pay', 'estate', '2026-08-01', -1150, 'creditor_claims', ['claim', 'hospital'])] });
    expect(withDebit.unreconciled).toEqual([]);
  });

  it('the current balance reports the account only when to is today', () => {
    const recordsOf = { ...noRecords(), bankAccounts: [{ ...estate, currentBalance: 10 }], transactions: [transaction('t', 'estate', '2026-02-01', 12, 'interest')] };
    const today = computeAccounting({ from: DEATH, to: '2026-03-01', today: '2026-03-01', dateOfDeath: DEATH, previous: null, countedBefore: NOTHING_COUNTED, records: recordsOf });
    expect(today.cashReconciliation[0]).toMatchObject({ reportedBalance: c(10), reportedSource: 'current_balance', reconciled: false });
    expect(today.unreconciled).toEqual([expect.objectContaining({ kind: 'balance_mismatch', expected: c(10), recorded: c(12), effect: 0n })]);
    const earlier = computeAccounting({ from: DEATH, to: '2026-02-28', today: '2026-03-01', dateOfDeath: DEATH, previous: null, countedBefore: NOTHING_COUNTED, records: recordsOf });
    expect(earlier.cashReconciliation[0]).toMatchObject({ reportedBalance: null, reportedSource: null, reconciled: true });
  });
});

describe('settling', () => {
  it('a final account needs every claim final and no distribution planned or approved, one detail per record', () => {
    const accounting = first(noRecords());
    const refusals = settlementRefusals(accounting, {
      isFinal: true,
      claims: [
        { id: 'c1', creditorName: 'A', status: 'accepted' },
        { id: 'c2', creditorName: 'B', status: 'withdrawn' },
      ],
      distributions: [
        { id: 'd1', recipientName: 'Sam', status: 'planned' },
        { id: 'd2', recipientName: 'Ann', status: 'approved' },
        { id: 'd3', recipientName: 'Bo', status: 'cancelled' },
      ],
    });
    expect(refusals.map((detail) => detail.field)).toEqual(['claim:c1', 'distribution:d1', 'distribution:d2']);
  });

  it('after a final account nothing is settled; only the latest may be deleted (409 invalid_state)', () => {
    expect(() => assertNotClosedByFinal(null)).not.toThrow();
    expect(() => assertNotClosedByFinal({ sequence: 2, isFinal: false })).not.toThrow();
    expect(() => assertNotClosedByFinal({ sequence: 3, isFinal: true })).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    expect(() => assertDeletable(3, 3)).not.toThrow();
    expect(() => assertDeletable(2, 3)).toThrow(expect.objectContaining({ code: 'invalid_state', details: [expect.objectContaining({ field: 'accounting:2' })] }));
  });
});
