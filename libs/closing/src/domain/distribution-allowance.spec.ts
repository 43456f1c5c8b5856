import { Distribution, DistributionFields } from './distribution';
import type { DistributionType } from './distribution-vocabulary';
import { claimsReserve, distributionRefusals, EstateHoldings } from './distribution-allowance';

const NOW = new Date('2026-11-27T12:00:00Z');

function cash(type: DistributionType, amount: number, extra: DistributionFields = {}): Distribution {
  return Distribution.plan('D1', 'C1', { personId: 'P1', distributionType: type, kind: 'cash', amount, sourceAccountId: 'E1', ...extra }, 'Sam Doe', NOW);
}

/** Contract-extensions §12.7's example: 10,000.00 available, 3,000.00 approved from it, a 2,500.00 claim pending. */
const example: EstateHoldings = {
  estateAccounts: [{ accountId: 'E1', open: true, availableBalance: 10_000 }],
  otherApprovedCash: [{ distributionId: 'D0', sourceAccountId: 'E1', amount: 3_000 }],
  claims: [{ id: 'K1', status: 'pending', claimAmount: 2_500, resolutionAmount: null }],
};

describe('distribution allowance (contract-extensions §12.7)', () => {
  it('lets a residuary cash distribution take at most 4,500.00 in the worked example', () => {
    expect(distributionRefusals(cash('residuary', 4_500), example)).toEqual([]);
    const refusals = distributionRefusals(cash('residuary', 4_500.01), example);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ field: 'amount', reason: 'rule' });
    expect(refusals[0].message).toContain('4500.00 is available estate-wide');
    expect(refusals[0].message).toContain('claims reserve (2500.00');
  });

  it('lets a family allowance take at most 7,000.00: allowances come before claims', () => {
    expect(distributionRefusals(cash('family_allowance', 7_000), example)).toEqual([]);
    const refusals = distributionRefusals(cash('family_allowance', 7_000.01), example);
    expect(refusals.map((refusal) => refusal.message)).toEqual([
      expect.stringContaining('7000.00 is available (available_balance 10000.00 less 3000.00'),
      expect.stringContaining('7000.00 is available estate-wide'),
    ]);
  });

  it('checks the source apart from the estate: a second estate account does not make the first one richer', () => {
    const holdings: EstateHoldings = { ...example, estateAccounts: [...example.estateAccounts, { accountId: 'E2', open: true, availableBalance: 50_000 }] };
    const refusals = distributionRefusals(cash('homestead_allowance', 8_000), holdings);
    expect(refusals).toEqual([expect.objectContaining({ field: 'amount', message: expect.stringContaining('7000.00 is available (') })]);
  });

  it('counts accepted claims at their resolution amount, and leaves resolved ones out of the reserve', () => {
    expect(
      claimsReserve([
        { id: 'a', status: 'accepted', claimAmount: 1_000, resolutionAmount: 600 },
        { id: 'b', status: 'accepted', claimAmount: 400, resolutionAmount: null },
        { id: 'c', status: 'paid', claimAmount: 9_000, resolutionAmount: 9_000 },
        { id: 'd', status: 'rejected', claimAmount: 9_000, resolutionAmount: null },
        { id: 'e', status: 'pending', claimAmount: 0.07, resolutionAmount: null },
      ]),
    ).toBe(100_007n);
  });

  it('refuses a source that is no longer an open estate account, and counts closed accounts out of the estate', () => {
    const closed: EstateHoldings = { ...example, estateAccounts: [{ accountId: 'E1', open: false, availableBalance: 10_000 }] };
    expect(distributionRefusals(cash('residuary', 1), closed)).toEqual([expect.objectContaining({ field: 'source_account_id', message: expect.stringContaining('0.00 is available') })]);
  });

  it('counts an account without available_balance as holding nothing', () => {
    const unknown: EstateHoldings = { estateAccounts: [{ accountId: 'E1', open: true, availableBalance: null }], otherApprovedCash: [], claims: [] };
    expect(distributionRefusals(cash('residuary', 0.01), unknown)).toHaveLength(2);
  });

  it('refuses a final distribution while a claim is open, naming the claims, besides any shortfall', () => {
    const refusals = distributionRefusals(cash('residuary', 9_000, { stage: 'final' }), example);
    expect(refusals.map((refusal) => refusal.field)).toEqual(['amount', 'amount', 'stage']);
    expect(refusals[2].message).toContain('K1');
    const settled: EstateHoldings = { ...example, claims: [{ id: 'K1', status: 'withdrawn', claimAmount: 2_500, resolutionAmount: null }] };
    expect(distributionRefusals(cash('residuary', 7_000, { stage: 'final' }), settled)).toEqual([]);
  });

  describe('in kind', () => {
    const house = () => Distribution.plan('D2', 'C1', { personId: 'P1', distributionType: 'specific_bequest', kind: 'in_kind', assetType: 'real_estate_property', assetId: 'R1', value: 400_000 }, 'Sam Doe', NOW);
    const holdings = (over: Partial<EstateHoldings>): EstateHoldings => ({ estateAccounts: [], otherApprovedCash: [], claims: [], ...over });

    it('gives an available asset that no other distribution gives, whatever the cash', () => {
      expect(distributionRefusals(house(), holdings({ asset: { unavailableBecause: null }, assetGivenBy: [] }))).toEqual([]);
    });

    it('refuses an asset that is gone, sold or already given, one item each', () => {
      expect(distributionRefusals(house(), holdings({ asset: null }))).toEqual([expect.objectContaining({ field: 'asset_id', message: expect.stringContaining('no longer names') })]);
      const refusals = distributionRefusals(house(), holdings({ asset: { unavailableBecause: 'the property is sold' }, assetGivenBy: ['D9'] }));
      expect(refusals.map((refusal) => refusal.message)).toEqual([expect.stringContaining('the property is sold'), expect.stringContaining('D9')]);
    });

    it('needs no asset check for personal property', () => {
      const heirloom = Distribution.plan('D3', 'C1', { personId: 'P1', distributionType: 'specific_bequest', kind: 'in_kind', assetType: 'personal_property', assetId: null, value: 1_200, assetDescription: 'Grandfather clock' }, 'Sam Doe', NOW);
      expect(distributionRefusals(heirloom, holdings({}))).toEqual([]);
    });
  });
});
