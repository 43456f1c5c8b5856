import {
  accountedAssetsOf,
  ASSET_CATALOGUE,
  ASSET_KINDS,
  assetKindName,
  CLOSABLE_ASSET_KINDS,
  DISTRIBUTABLE_ASSET_KINDS,
  inventoryLinesOf,
  KEPT_ASSET_KINDS,
  noAssetRecords,
  PROCEEDS_ASSET_KINDS,
} from './asset-kinds';
import { passesByOf } from './passage';

describe('the catalogue of asset kinds', () => {
  it('lists the kinds in the order court accountings list property (contract-extensions §16.3)', () => {
    expect(ASSET_KINDS).toEqual([
      'bank_account',
      'investment_account',
      'retirement_account',
      'life_insurance_policy',
      'real_estate_property',
      'real_estate',
      'vehicle',
      'financial_account',
      'business',
      'unclaimed_property',
    ]);
  });

  it('derives the kinds of each specification list, in that list’s own order', () => {
    // §12.7's asset_type, §16.2's asset_proceeds related types, §15.1's account_type: the order of the API's enums.
    expect(DISTRIBUTABLE_ASSET_KINDS).toEqual(['real_estate_property', 'vehicle', 'investment_account', 'business', 'financial_account']);
    expect(PROCEEDS_ASSET_KINDS).toEqual([
      'real_estate_property',
      'vehicle',
      'business',
      'life_insurance_policy',
      'investment_account',
      'retirement_account',
      'financial_account',
      'unclaimed_property',
    ]);
    expect(CLOSABLE_ASSET_KINDS).toEqual(['bank_account', 'investment_account', 'retirement_account', 'life_insurance_policy', 'financial_account']);
    for (const section of ['distribution', 'proceeds'] as const) {
      const places = ASSET_KINDS.map((kind) => ASSET_CATALOGUE[kind][section]?.listed).filter((place) => place !== undefined);
      expect(new Set(places).size).toBe(places.length);
    }
  });

  it('keeps every kind’s records but unclaimed property, which the probate context declares', () => {
    expect(ASSET_KINDS.filter((kind) => !KEPT_ASSET_KINDS.includes(kind as never))).toEqual(['unclaimed_property']);
    expect(Object.keys(noAssetRecords()).sort()).toEqual(ASSET_KINDS.map((kind) => ASSET_CATALOGUE[kind].records).sort());
    expect(assetKindName('life_insurance_policy')).toBe('life insurance policy');
  });

  it('says how each kind passes', () => {
    const passage = (kind: keyof typeof ASSET_CATALOGUE) => ASSET_CATALOGUE[kind].passage;
    expect(passesByOf(passage('bank_account'), { ownershipType: 'individual', accountType: 'trust_account' })).toBe('trust');
    expect(passesByOf(passage('financial_account'), { ownershipType: 'pod_payable_on_death' })).toBe('payable_on_death');
    expect(passesByOf(passage('retirement_account'), { beneficiaries: [{ name: 'A' }] })).toBe('named_beneficiaries');
    expect(passesByOf(passage('real_estate_property'), { ownershipType: 'tod_deed' })).toBe('transfer_on_death');
    expect(passesByOf(passage('real_estate_property'), { ownershipType: 'sole' })).toBeNull();
    for (const kind of ['real_estate', 'vehicle', 'business', 'unclaimed_property'] as const) expect(passesByOf(passage(kind), { ownershipType: 'trust' })).toBeNull();
  });

  it('shows valuations without a property one line per parcel, and follows cash through its ledger, not as an asset', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const address = { address1: '12 Elm Street', city: 'Pasadena', state: 'CA', zip: '91101' };
    const valuation = (id: string, day: number, estimatedValue: number) => ({
      id,
      propertyId: null,
      propertyAddress: address,
      propertyType: 'single_family' as const,
      parcelNumber: 'APN-1',
      estimatedValue,
      mortgageBalance: null,
      liens: [],
      equityEstimate: null,
      status: 'completed' as const,
      valuationDate: `2026-01-0${day}`,
      createdAt: at(day),
    });
    const sets = { ...noAssetRecords(), valuations: [valuation('later', 3, 210000), valuation('first', 2, 200000)] };
    const inventory = inventoryLinesOf('real_estate', sets, { asOf: null, transactionTotalsAsOf: new Map() }, (records) => [...records]);
    expect(inventory).toMatchObject([{ kind: 'real_estate', id: 'later', value: 21000000n, passesBy: null }]);
    const accounted = accountedAssetsOf('real_estate', sets, () => []);
    expect(accounted).toMatchObject([{ kind: 'real_estate', id: 'first', ruling: { probate: true, carryValue: 21000000n } }]);
    expect(accountedAssetsOf('bank_account', sets, () => [])).toEqual([]);
  });
});
