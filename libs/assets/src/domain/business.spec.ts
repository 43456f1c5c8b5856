import { businessProblems, interestValueOf } from './business';

const TODAY = '2026-12-01';

describe('interestValueOf (contract-extensions §12.6)', () => {
  it('is estimated_value × ownership_percentage / 100, rounded half away from zero to cents', () => {
    expect(interestValueOf(480000, 50)).toBe(240000);
    expect(interestValueOf(0.01, 50)).toBe(0.01);
    expect(interestValueOf(0.03, 50)).toBe(0.02);
    expect(interestValueOf(-0.01, 50)).toBe(-0.01);
    expect(interestValueOf(-0.03, 50)).toBe(-0.02);
    expect(interestValueOf(333.33, 33.33)).toBe(111.1);
    expect(interestValueOf(100000.05, 12.5)).toBe(12500.01);
    expect(interestValueOf(0.01, 49.99)).toBe(0);
    expect(interestValueOf(999999999999.99, 100)).toBe(999999999999.99);
    expect(interestValueOf(999999999999.99, 99.99)).toBe(999899999999.99);
    expect(interestValueOf(250000, 0)).toBe(0);
  });

  it('is null without an estimated value', () => {
    expect(interestValueOf(null, 50)).toBeNull();
    expect(interestValueOf(undefined, 100)).toBeNull();
  });
});

describe('businessProblems', () => {
  const base = { business_name: 'W', entity_type: 'llc', ownership_percentage: 50 };

  it('accepts a plain interest', () => {
    expect(businessProblems(base, TODAY)).toEqual([]);
  });

  it('refuses a never-issued EIN prefix and leaves the format to the DTO', () => {
    expect(businessProblems({ ...base, ein: '07-1234567' }, TODAY)).toEqual([{ field: 'ein', message: 'ein prefix 07 is never issued by the IRS', reason: 'rule' }]);
    expect(businessProblems({ ...base, ein: '91-1234567' }, TODAY)).toEqual([]);
    expect(businessProblems({ ...base, ein: '07-12' }, TODAY)).toEqual([]);
  });

  it('caps ownership_percentage plus the co-owners’ percentages at 100, exactly', () => {
    const coOwners = [{ name: 'A', ownership_percentage: 33.33 }, { name: 'B', ownership_percentage: 33.33 }];
    expect(businessProblems({ ...base, ownership_percentage: 33.34, co_owners: coOwners }, TODAY)).toEqual([]);
    expect(businessProblems({ ...base, ownership_percentage: 33.35, co_owners: coOwners }, TODAY).map((problem) => problem.field)).toEqual(['ownership_percentage']);
  });

  it('needs ownership_percentage 100 for a sole_proprietorship or a sole_owner', () => {
    expect(businessProblems({ ...base, entity_type: 'sole_proprietorship' }, TODAY)).toEqual([
      { field: 'ownership_percentage', message: 'a sole_proprietorship holds the whole business: ownership_percentage must be 100', reason: 'rule' },
    ]);
    expect(businessProblems({ ...base, deceased_role: 'sole_owner', ownership_percentage: 99.99 }, TODAY).map((problem) => problem.field)).toEqual(['ownership_percentage']);
    expect(businessProblems({ ...base, entity_type: 'sole_proprietorship', deceased_role: 'sole_owner', ownership_percentage: 100 }, TODAY)).toEqual([]);
  });

  it('needs sale_price and sale_date when sold, sale_date not after today', () => {
    expect(businessProblems({ ...base, status: 'sold', sale_price: 1 }, TODAY)).toEqual([{ field: 'sale_date', message: 'a sold business needs sale_date', reason: 'required' }]);
    expect(businessProblems({ ...base, status: 'sold', sale_price: 1, sale_date: '2026-12-02' }, TODAY).map((problem) => [problem.field, problem.reason])).toEqual([['sale_date', 'range']]);
  });
});
