import { centsOf } from '@estate/shared-kernel/domain';
import {
  type AccountingBankAccount,
  type AccountingBusiness,
  type AccountingFinancialAccount,
  type AccountingInvestmentAccount,
  type AccountingLifeInsurancePolicy,
  type AccountingRealEstateProperty,
  type AccountingRetirementAccount,
  type AccountingUnclaimedProperty,
  type AccountingValuation,
  type AccountingVehicle,
  businessDisposal,
  cashRuling,
  claimPaidDisposal,
  divideRoundingHalfAway,
  latestValuation,
  proceedsDisposal,
  propertyRuling,
  realEstatePropertyDisposal,
  shareOf,
  valuationParcels,
  vehicleDisposal,
} from '@estate/assets';
import { ADDRESS, at, bankAccount, business, property, unclaimed, vehicle } from './accounting-fixtures.testing';

/*
 * The accounting's view of each kind of asset (contract-extensions §16.3, §16.5), as the catalogue of asset kinds
 * rules it: whether a record is probate property, its carry value and its disposal.
 */
const bankAccountRuling = (account: AccountingBankAccount, ledgerThroughDeath: bigint) => cashRuling(account, ledgerThroughDeath);
const withValuations = (valuations: readonly AccountingValuation[] = []) => ({ valuations });
const investmentAccountRuling = (account: AccountingInvestmentAccount) => propertyRuling('investment_account', account, withValuations());
const retirementAccountRuling = (account: AccountingRetirementAccount) => propertyRuling('retirement_account', account, withValuations());
const lifeInsurancePolicyRuling = (policy: AccountingLifeInsurancePolicy) => propertyRuling('life_insurance_policy', policy, withValuations());
const realEstatePropertyRuling = (house: AccountingRealEstateProperty, valuations: readonly AccountingValuation[]) => propertyRuling('real_estate_property', house, withValuations(valuations));
const realEstateParcelRuling = (parcel: readonly AccountingValuation[]) => propertyRuling('real_estate', parcel, withValuations(parcel));
const vehicleRuling = (car: AccountingVehicle) => propertyRuling('vehicle', car, withValuations());
const financialAccountRuling = (account: AccountingFinancialAccount) => propertyRuling('financial_account', account, withValuations());
const businessRuling = (interest: AccountingBusiness) => propertyRuling('business', interest, withValuations());
const unclaimedPropertyRuling = (found: AccountingUnclaimedProperty) => propertyRuling('unclaimed_property', found, withValuations());

const c = (amount: string): bigint => centsOf(amount) as bigint;

describe('the one product: a share, rounded half away from zero', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-5n, 3n, -2n],
    [6n, -4n, -2n],
    [7n, 7n, 1n],
  ])('%s / %s → %s', (numerator, denominator, quotient) => {
    expect(divideRoundingHalfAway(numerator, denominator)).toBe(quotient);
  });

  it('value × percentage / 100, exact for any percentage text', () => {
    expect(shareOf(c('0.03'), 50)).toBe(c('0.02')); // 0.015 → 0.02
    expect(shareOf(c('100000.01'), 33.33)).toBe(c('33330.00')); // 33330.0033
    expect(shareOf(c('100000.00'), '66.67')).toBe(c('66670.00'));
    expect(shareOf(c('1.00'), '12.345')).toBe(c('0.12')); // 0.12345
    expect(shareOf(c('1.00'), 12.5)).toBe(c('0.13')); // 0.125
    expect(shareOf(c('450000.00'), null)).toBe(c('450000.00'));
  });
});

const valuation = (id: string, fields: Partial<AccountingValuation> = {}): AccountingValuation => ({
  id,
  propertyId: null,
  propertyAddress: ADDRESS,
  propertyType: 'single_family',
  parcelNumber: null,
  estimatedValue: null,
  mortgageBalance: null,
  liens: [],
  status: 'completed',
  valuationDate: null,
  createdAt: at('2026-01-20'),
  ...fields,
});

const investment = (fields: Partial<AccountingInvestmentAccount> = {}): AccountingInvestmentAccount => ({
  id: 'inv',
  custodianName: 'Broker',
  accountType: 'brokerage',
  accountNumber: '55667788',
  balance: null,
  dateOfDeathValue: null,
  holdings: [],
  beneficiaries: [],
  transferStatus: null,
  createdAt: at('2026-01-20'),
  ...fields,
});

describe('§16.3 probate property and carry values, kind by kind', () => {
  it('bank accounts: the inventory rule; carried at the transactions through the date of death', () => {
    expect(bankAccountRuling(bankAccount('a'), c('12400')).probate).toBe(true);
    expect(bankAccountRuling(bankAccount('a', { ownershipType: 'estate', accountType: 'estate_account' }), 0n)).toMatchObject({ probate: true, carryValue: 0n, carrySource: 'transactions' });
    expect(bankAccountRuling(bankAccount('a', { ownershipType: 'tenants_in_common' }), 0n).probate).toBe(true);
    expect(bankAccountRuling(bankAccount('a', { ownershipType: 'pod_payable_on_death' }), 0n).passesBy).toBe('payable_on_death');
    expect(bankAccountRuling(bankAccount('a', { ownershipType: 'tod_transfer_on_death' }), 0n).passesBy).toBe('transfer_on_death');
    expect(bankAccountRuling(bankAccount('a', { ownershipType: 'joint_tenants_wros' }), 0n).passesBy).toBe('joint_survivorship');
    expect(bankAccountRuling(bankAccount('a', { ownershipType: 'trust' }), 0n).passesBy).toBe('trust');
    expect(bankAccountRuling(bankAccount('a', { accountType: 'trust_account' }), 0n)).toMatchObject({ probate: false, passesBy: 'trust' });
    expect(bankAccountRuling(bankAccount('a', { accountNumber: '123456789' }), 0n).reference).toBe('*****6789');
  });

  it('investment accounts: probate without a named beneficiary; date-of-death value, else balance, else holdings, else none', () => {
    expect(investmentAccountRuling(investment({ beneficiaries: [{ name: 'A' }] }))).toMatchObject({ probate: false, passesBy: 'named_beneficiaries' });
    expect(investmentAccountRuling(investment({ dateOfDeathValue: 10, balance: 20 }))).toMatchObject({ probate: true, carryValue: c('10'), carrySource: 'date_of_death_value' });
    expect(investmentAccountRuling(investment({ balance: '20.05' }))).toMatchObject({ carryValue: c('20.05'), carrySource: 'balance' });
    expect(investmentAccountRuling(investment({ holdings: [{ market_value: 0.1 }, { market_value: 0.2 }, {}] }))).toMatchObject({ carryValue: c('0.30'), carrySource: 'holdings_market_value' });
    expect(investmentAccountRuling(investment({ holdings: [{}] }))).toMatchObject({ carryValue: 0n, carrySource: 'none' });
  });

  it('retirement accounts at balance; life insurance at the death benefit, even once the claim paid', () => {
    const retirement = { id: 'r', custodianName: 'Fund', accountType: '401k', accountNumber: null, balance: 5000, beneficiaries: [], distributionStatus: null, createdAt: at('2026-01-20') };
    expect(retirementAccountRuling(retirement)).toMatchObject({ probate: true, carryValue: c('5000'), carrySource: 'balance' });
    expect(retirementAccountRuling({ ...retirement, beneficiaries: [{}] }).probate).toBe(false);
    const policy = { id: 'p', carrierName: 'Mutual', policyType: 'term', policyNumber: 'P-123456', deathBenefit: 100000, beneficiaries: [], claimPaidDate: '2026-03-01', claimPaidAmount: 99000, createdAt: at('2026-01-20') };
    expect(lifeInsurancePolicyRuling(policy)).toMatchObject({ probate: true, carryValue: c('100000'), carrySource: 'death_benefit', description: 'Mutual term', reference: '****3456' });
  });

  it('real estate properties: requires_probate by title; gross value × ownership share; date-of-death value, else latest valuation, else estimate', () => {
    for (const ownershipType of ['joint_tenants_wros', 'tenancy_by_entirety', 'community_property_wros', 'trust', 'life_estate', 'tod_deed']) {
      expect(realEstatePropertyRuling(property('h', { ownershipType }), []).probate).toBe(false);
    }
    for (const ownershipType of ['sole', 'tenants_in_common', 'community_property']) expect(realEstatePropertyRuling(property('h', { ownershipType }), []).probate).toBe(true);
    const house = property('h', { estimatedValue: 300000, ownershipPercentage: 50, outstandingMortgage: 200000 });
    expect(realEstatePropertyRuling(house, [])).toMatchObject({ carryValue: c('150000'), carrySource: 'estimated_value' });
    const opinions = [
      valuation('v1', { propertyId: 'h', estimatedValue: 310000, valuationDate: '2026-02-01' }),
      valuation('v2', { propertyId: 'h', estimatedValue: 320000, valuationDate: '2026-03-01' }),
      valuation('v3', { propertyId: 'h', estimatedValue: 999999, valuationDate: '2026-04-01', status: 'pending' }),
    ];
    expect(latestValuation(opinions)?.id).toBe('v2');
    expect(realEstatePropertyRuling(house, opinions)).toMatchObject({ carryValue: c('160000'), carrySource: 'latest_valuation' });
    expect(realEstatePropertyRuling({ ...house, dateOfDeathValue: '300000.01', ownershipPercentage: 33.33 }, opinions)).toMatchObject({ carryValue: c('99990.00'), carrySource: 'date_of_death_value' });
  });

  it('§12.4 latest valuation: ties on valuation_date go to the latest created', () => {
    const tied = [valuation('a', { valuationDate: '2026-02-01', createdAt: at('2026-02-02') }), valuation('b', { valuationDate: '2026-02-01', createdAt: at('2026-02-03') })];
    expect(latestValuation(tied)?.id).toBe('b');
    expect(latestValuation([valuation('x', { status: 'failed' })])).toBeNull();
  });

  it('parcels known only by valuations: one line per parcel, id its earliest valuation’s, at the chosen valuation’s gross estimate', () => {
    const parcels = valuationParcels([
      valuation('later', { parcelNumber: 'APN-1', estimatedValue: 200000, valuationDate: '2026-03-01', createdAt: at('2026-03-02') }),
      valuation('first', { parcelNumber: 'apn-1 ', estimatedValue: 180000, valuationDate: '2026-01-15', createdAt: at('2026-01-16') }),
      valuation('pending', { parcelNumber: 'APN-1', estimatedValue: 999999, status: 'pending', valuationDate: '2026-05-01', createdAt: at('2026-05-02') }),
      valuation('other', { estimatedValue: 50000, mortgageBalance: 40000 }),
      valuation('owned', { propertyId: 'h', estimatedValue: 1 }),
    ]);
    expect(parcels.map((parcel) => parcel.map((entry) => entry.id))).toEqual([['first', 'later', 'pending'], ['other']]);
    expect(realEstateParcelRuling(parcels[0])).toMatchObject({ probate: true, carryValue: c('200000'), carrySource: 'estimated_value', reference: 'APN-1' });
    expect(realEstateParcelRuling(parcels[1])).toMatchObject({ carryValue: c('50000'), description: '12 Elm Street, Pasadena, CA 91101 (single_family)' });
    expect(realEstateParcelRuling([valuation('none', { status: 'failed', estimatedValue: 5 })])).toMatchObject({ carryValue: 0n, carrySource: 'none' });
  });

  it('vehicles always, at gross estimate; financial accounts by ownership; businesses at interest value; unclaimed property once paid', () => {
    expect(vehicleRuling(vehicle('v', { estimatedValue: 20000, lienPayoffAmount: 5000 }))).toMatchObject({ probate: true, carryValue: c('20000'), reference: '*************0001' });
    const financial = { id: 'f', institutionName: 'PayPal', accountKind: 'payment_app', accountNumber: 'acct-9876', ownershipType: 'individual', status: 'open', balance: 75, dateOfDeathValue: null, createdAt: at('2026-01-20') };
    expect(financialAccountRuling(financial)).toMatchObject({ probate: true, carryValue: c('75'), carrySource: 'balance' });
    expect(financialAccountRuling({ ...financial, dateOfDeathValue: 70 })).toMatchObject({ carryValue: c('70'), carrySource: 'date_of_death_value' });
    expect(financialAccountRuling({ ...financial, ownershipType: 'pod_payable_on_death' }).probate).toBe(false);
    expect(businessRuling(business('b', { estimatedValue: '1000.05', ownershipPercentage: 50 }))).toMatchObject({ probate: true, carryValue: c('500.03'), carrySource: 'interest_value', reference: null });
    expect(businessRuling(business('b'))).toMatchObject({ carryValue: 0n, carrySource: 'none' });
    expect(unclaimedPropertyRuling(unclaimed('u', { claimStatus: 'approved' })).probate).toBe(false);
    expect(unclaimedPropertyRuling(unclaimed('u', { claimStatus: 'paid', claimPaidAmount: 812.4, claimPaidDate: '2026-04-01' }))).toMatchObject({ probate: true, carryValue: c('812.40'), carrySource: 'claim_paid_amount' });
  });
});

describe('§16.5 disposals, kind by kind', () => {
  it('real estate and businesses when sold, at the sale price × share', () => {
    expect(realEstatePropertyDisposal(property('h', { status: 'sold', saleDate: '2026-05-15', salePrice: 450000, ownershipPercentage: 50 }))).toEqual({ date: '2026-05-15', proceeds: c('225000') });
    expect(realEstatePropertyDisposal(property('h', { status: 'under_contract', saleDate: '2026-05-15', salePrice: 450000 }))).toBeNull();
    expect(businessDisposal(business('b', { status: 'sold', saleDate: '2026-06-01', salePrice: '1000.01', ownershipPercentage: 50 }))).toEqual({ date: '2026-06-01', proceeds: c('500.01') });
    expect(businessDisposal(business('b', { status: 'transferred', saleDate: '2026-06-01', salePrice: 1 }))).toBeNull();
  });

  it('vehicles sold, donated or junked with a sale date; proceeds only for sell', () => {
    expect(vehicleDisposal(vehicle('v', { disposition: 'sell', dispositionDetails: { sale_date: '2026-03-01', sale_price: 9000 } }))).toEqual({ date: '2026-03-01', proceeds: c('9000') });
    expect(vehicleDisposal(vehicle('v', { disposition: 'donate', dispositionDetails: { sale_date: '2026-03-01', sale_price: 9000 } }))).toEqual({ date: '2026-03-01', proceeds: 0n });
    expect(vehicleDisposal(vehicle('v', { disposition: 'junk', dispositionDetails: { sale_date: null } }))).toBeNull();
    expect(vehicleDisposal(vehicle('v', { disposition: 'transfer_to_heir', dispositionDetails: { sale_date: '2026-03-01' } }))).toBeNull();
  });

  it('claims paid (policy, unclaimed property) and accounts closed with proceeds', () => {
    expect(claimPaidDisposal({ claimPaidDate: '2026-03-01', claimPaidAmount: 99000 })).toEqual({ date: '2026-03-01', proceeds: c('99000') });
    expect(claimPaidDisposal({ claimPaidDate: null, claimPaidAmount: 99000 })).toBeNull();
    const legs = [
      { date: '2026-04-01', amount: 100 },
      { date: '2026-05-01', amount: '0.05' },
    ];
    expect(proceedsDisposal(true, legs)).toEqual({ date: '2026-05-01', proceeds: c('100.05') });
    expect(proceedsDisposal(false, legs)).toBeNull();
    expect(proceedsDisposal(true, [])).toBeNull();
  });
});
