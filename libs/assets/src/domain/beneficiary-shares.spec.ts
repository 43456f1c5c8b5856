import { oversubscribedDesignations, shareRefusal } from './beneficiary-shares';

describe('oversubscribedDesignations (contract §3.2)', () => {
  it('accepts no beneficiaries, and shares adding up to exactly 100', () => {
    expect(oversubscribedDesignations(undefined)).toEqual([]);
    expect(oversubscribedDesignations([])).toEqual([]);
    expect(oversubscribedDesignations([{ percentage_share: 60 }, { percentage_share: 40 }])).toEqual([]);
  });

  it('sums exactly: 33.33 + 33.33 + 33.34 is 100, not 100.00000000000001', () => {
    expect(oversubscribedDesignations([{ percentage_share: 33.33 }, { percentage_share: 33.33 }, { percentage_share: 33.34 }])).toEqual([]);
    expect(oversubscribedDesignations([{ percentage_share: 0.1 }, { percentage_share: 0.2 }, { percentage_share: 99.7 }])).toEqual([]);
  });

  it('counts an item without a designation as primary', () => {
    expect(oversubscribedDesignations([{ percentage_share: 60 }, { percentage_share: 50, designation: 'primary' }])).toEqual([
      { designation: 'primary', total: 110 },
    ]);
  });

  it('keeps each designation apart: primary 100 and contingent 100 together is valid', () => {
    expect(
      oversubscribedDesignations([
        { percentage_share: 100 },
        { percentage_share: 50, designation: 'contingent' },
        { percentage_share: 50, designation: 'contingent' },
      ]),
    ).toEqual([]);
  });

  it('reports each designation over 100, comparing designations without case', () => {
    expect(
      oversubscribedDesignations([
        { percentage_share: 70, designation: 'Contingent' },
        { percentage_share: 40, designation: 'contingent ' },
        { percentage_share: 100.01, designation: 'primary' },
      ]),
    ).toEqual([
      { designation: 'contingent', total: 110 },
      { designation: 'primary', total: 100.01 },
    ]);
  });

  it('counts items without a share as 0', () => {
    expect(oversubscribedDesignations([{ name: 'A' }, { percentage_share: null }, { percentage_share: 100 }])).toEqual([]);
  });
});

describe('the share rule for account beneficiaries (contract-extensions §12.2)', () => {
  it('leaves disclaimed beneficiaries out of the sum', () => {
    expect(oversubscribedDesignations([{ percentage_share: 100 }, { percentage_share: 60, status: 'disclaimed' }])).toEqual([]);
    expect(oversubscribedDesignations([{ percentage_share: 100 }, { percentage_share: 60, status: 'claimed' }])).toEqual([{ designation: 'primary', total: 160 }]);
  });

  it('accepts a candidate that fits beside the others, up to exactly 100', () => {
    const others = [{ percentage_share: 33.33 }, { percentage_share: 33.33, designation: 'primary' }, { percentage_share: 90, designation: 'contingent' }];
    expect(shareRefusal({ percentage_share: 33.34, designation: 'primary' }, others)).toBeNull();
    expect(shareRefusal({ percentage_share: 10, designation: 'contingent' }, others)).toBeNull();
    expect(shareRefusal({ percentage_share: 100, designation: 'primary' }, [])).toBeNull();
  });

  it('refuses a candidate that goes over, saying the room its designation has left', () => {
    const others = [{ percentage_share: 40 }, { percentage_share: 25, designation: 'primary' }, { percentage_share: 100, designation: 'contingent' }];
    expect(shareRefusal({ percentage_share: 35.01, designation: 'primary' }, others)).toEqual({ designation: 'primary', left: 3500n });
    expect(shareRefusal({ percentage_share: 0.01, designation: 'contingent' }, others)).toEqual({ designation: 'contingent', left: 0n });
  });

  it('lets a disclaimed candidate through, and does not count disclaimed others against it', () => {
    const others = [{ percentage_share: 100, status: 'active' }];
    expect(shareRefusal({ percentage_share: 50, status: 'disclaimed' }, others)).toBeNull();
    expect(shareRefusal({ percentage_share: 100 }, [{ percentage_share: 100, status: 'disclaimed' }])).toBeNull();
  });

  it('never says less than nothing is left', () => {
    expect(shareRefusal({ percentage_share: 1 }, [{ percentage_share: 100 }, { percentage_share: 20 }])).toEqual({ designation: 'primary', left: 0n });
  });
});
