import { deriveOwnershipPercentage, latestValuationOf, propertyEquity, propertyProblems, requiresProbate } from './real-estate-property';
import { PROPERTY_OWNERSHIP_TYPES } from './real-estate-property-vocabulary';
import { realEstateEquity, valuationEquity } from './real-estate-valuation';

const TODAY = '2026-12-01';

describe('requiresProbate (contract-extensions §12.4)', () => {
  it('is false exactly for survivorship, trust, life estate and TOD deed holdings', () => {
    const outside = PROPERTY_OWNERSHIP_TYPES.filter((type) => !requiresProbate(type));
    expect(outside).toEqual(['joint_tenants_wros', 'tenancy_by_entirety', 'community_property_wros', 'trust', 'life_estate', 'tod_deed']);
    expect(PROPERTY_OWNERSHIP_TYPES.filter(requiresProbate)).toEqual(['sole', 'tenants_in_common', 'community_property']);
  });
});

describe('propertyEquity: the valuations’ formula on a property', () => {
  it('is value − mortgage − Σ liens, exact in cents; missing terms count 0; null without a value', () => {
    const liens = [{ amount: 4200.3 }, { amount: 0.1 }, { lien_type: 'judgment' }];
    expect(propertyEquity({ estimatedValue: 350000.1, outstandingMortgage: 120000.2, liens })).toBe(22579950n);
    expect(propertyEquity({ estimatedValue: 350000.1, outstandingMortgage: null, liens: [] })).toBe(35000010n);
    expect(propertyEquity({ estimatedValue: 100, outstandingMortgage: 150.01, liens: [] })).toBe(-5001n);
    expect(propertyEquity({ estimatedValue: null, outstandingMortgage: 1, liens })).toBeNull();
  });

  it('is the very computation a valuation uses when no equity was given', () => {
    const terms = { estimatedValue: 1000.05, mortgageBalance: 0.05, liens: [{ amount: 1 }], equityEstimate: null };
    expect(valuationEquity(terms)).toEqual({ cents: realEstateEquity(1000.05, 0.05, [{ amount: 1 }]), source: 'computed' });
    expect(realEstateEquity(1000.05, 0.05, [{ amount: 1 }])).toBe(99900n);
  });
});

describe('latestValuationOf', () => {
  it('presents the projection, or null when the property has no completed valuation', () => {
    expect(latestValuationOf({ latestValuationId: null, latestValuationEstimatedValue: null, latestValuationDate: null })).toBeNull();
    expect(latestValuationOf({ latestValuationId: 'V', latestValuationEstimatedValue: 1.5, latestValuationDate: null })).toEqual({ id: 'V', estimated_value: 1.5, valuation_date: null });
  });
});

describe('ownership_percentage', () => {
  it('defaults to 100 less the co-owners’ shares, exactly, and keeps a given one', () => {
    const shared = { ownershipPercentage: null, coOwners: [{ name: 'A', ownership_share: 33.33 }, { name: 'B', ownership_share: 33.33 }, { name: 'C' }] };
    deriveOwnershipPercentage(shared);
    expect(shared.ownershipPercentage).toBe(33.34);
    const alone = { ownershipPercentage: null, coOwners: [] };
    deriveOwnershipPercentage(alone);
    expect(alone.ownershipPercentage).toBe(100);
    const given = { ownershipPercentage: 10, coOwners: [{ name: 'A', ownership_share: 50 }] };
    deriveOwnershipPercentage(given);
    expect(given.ownershipPercentage).toBe(10);
  });

  it('with the co-owners’ shares adds up to at most 100: the detail names ownership_percentage, or co_owners when it is unset', () => {
    const coOwners = [{ name: 'A', ownership_share: 33.33 }, { name: 'B', ownership_share: 33.33 }];
    expect(propertyProblems({ ownership_percentage: 33.34, co_owners: coOwners }, TODAY)).toEqual([]);
    const over = propertyProblems({ ownership_percentage: 33.35, co_owners: coOwners }, TODAY);
    expect(over).toEqual([{ field: 'ownership_percentage', message: expect.stringContaining('at most 33.34 is left'), reason: 'rule' }]);
    expect(propertyProblems({ co_owners: [{ name: 'A', ownership_share: 100 }] }, TODAY)).toEqual([]);
    expect(propertyProblems({ co_owners: [{ name: 'A', ownership_share: 100 }, { name: 'B', ownership_share: 0.01 }] }, TODAY)).toEqual([
      { field: 'co_owners', message: expect.stringContaining('100.01'), reason: 'rule' },
    ]);
    expect(propertyProblems({ ownership_percentage: 1, co_owners: [{ name: 'A', ownership_share: 100 }] }, TODAY)[0].message).toContain('at most 0 is left');
  });
});

describe('the sale rule', () => {
  it('a sold property needs sale_price and sale_date; sale_date may be today but not later', () => {
    expect(propertyProblems({ status: 'sold' }, TODAY)).toEqual([
      { field: 'sale_price', message: 'a sold property needs sale_price', reason: 'required' },
      { field: 'sale_date', message: 'a sold property needs sale_date', reason: 'required' },
    ]);
    expect(propertyProblems({ status: 'sold', sale_price: 1, sale_date: TODAY }, TODAY)).toEqual([]);
    expect(propertyProblems({ status: 'owned', sale_date: '2026-12-02' }, TODAY)).toEqual([
      { field: 'sale_date', message: expect.stringContaining('must not be after today (2026-12-01)'), reason: 'range' },
    ]);
    expect(propertyProblems({ status: 'under_contract', sale_price: 5 }, TODAY)).toEqual([]);
  });
});
