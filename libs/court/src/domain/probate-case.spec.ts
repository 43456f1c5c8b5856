import type { StateRules } from './jurisdiction-rules';
import { ProbateCase, ProbateJurisdictions } from './probate-case';

const state = (code: string, fips: string, extra: Partial<StateRules> = {}): StateRules =>
  ({ code, name: code, fips, counties_shipped: false, probate_types: null, court_name_pattern: null, ...extra }) as StateRules;

const JURISDICTIONS: ProbateJurisdictions = {
  states: [
    state('CA', '06', { counties_shipped: true, probate_types: ['formal', 'small_estate'], court_name_pattern: 'Superior Court of California, County of {county}' }),
    state('IL', '17'),
  ],
  counties: [
    { fips: '06037', state: 'CA', name: 'Los Angeles', court_name: 'LA Superior Court', court_address: { address1: '111 N Hill St', city: 'Los Angeles', state: 'CA', zip: '90012' } },
    { fips: '06003', state: 'CA', name: 'Alpine', court_name: null, court_address: null },
  ],
};
const TODAY = '2026-11-27';
const fields = (document: Record<string, unknown>, current: Parameters<typeof ProbateCase.problems>[1] = null) =>
  ProbateCase.problems(document, current, TODAY, JURISDICTIONS).map((problem) => `${problem.field}:${problem.reason}`);

describe('ProbateCase.problems', () => {
  it('checks the state, its probate types and its counties', () => {
    expect(fields({ state: 'ZZ', probate_type: 'formal' })).toEqual(['state:enum']);
    expect(fields({ state: 'CA', probate_type: 'informal' })).toEqual(['probate_type:rule']);
    expect(fields({ state: 'IL', probate_type: 'informal', county_fips: '17031' })).toEqual([]);
    expect(fields({ state: 'IL', probate_type: 'formal', county_fips: '06037' })).toEqual(['county_fips:rule']);
    expect(fields({ state: 'CA', probate_type: 'formal', county_fips: '06001' })).toEqual(['county_fips:rule']);
    expect(fields({ state: 'CA', probate_type: 'formal', county_fips: '06037' })).toEqual([]);
  });

  it('follows the move list, with the small-estate shortcut, and final statuses', () => {
    const base = { state: 'CA', probate_type: 'formal' };
    expect(fields({ ...base, status: 'open', filed_date: '2026-10-01', case_number: 'A', opened_date: '2026-10-02' }, 'not_filed')).toEqual(['status:rule']);
    expect(fields({ ...base, status: 'closed', closed_date: '2026-10-01' }, 'not_filed')).toEqual(['status:rule']);
    expect(fields({ ...base, probate_type: 'small_estate', status: 'closed', closed_date: '2026-10-01' }, 'not_filed')).toEqual([]);
    expect(fields({ ...base, status: 'filed', filed_date: '2026-10-01' }, 'closed')).toEqual(['status:rule']);
    expect(fields({ ...base, status: 'dismissed' }, 'open')).toEqual(['filed_date:required', 'closed_date:required']);
  });

  it('needs what each status needs and keeps the dates in order and in the past', () => {
    const base = { state: 'IL', probate_type: 'formal' };
    expect(fields({ ...base, status: 'open', filed_date: '2026-10-05', case_number: ' ', opened_date: '2026-10-01' })).toEqual(['case_number:required', 'opened_date:range']);
    expect(fields({ ...base, status: 'closed', opened_date: '2026-10-05', closed_date: '2026-10-04' })).toEqual(['closed_date:range']);
    expect(fields({ ...base, filed_date: '2026-11-28' })).toEqual(['filed_date:range']);
  });
});

describe('ProbateCase.fillFromCounty', () => {
  const record = (extra: Partial<ProbateCase>) => Object.assign(new ProbateCase(), { state: 'CA', countyFips: null, countyName: null, courtName: null, courtAddress: null, ...extra });

  it('fills what was not sent from the county, the pattern where the county has no court name, and keeps what was sent', () => {
    const la = record({ countyFips: '06037' });
    ProbateCase.fillFromCounty(la, JURISDICTIONS);
    expect(la).toMatchObject({ countyName: 'Los Angeles', courtName: 'LA Superior Court', courtAddress: { city: 'Los Angeles' } });
    const alpine = record({ countyFips: '06003' });
    ProbateCase.fillFromCounty(alpine, JURISDICTIONS);
    expect(alpine).toMatchObject({ countyName: 'Alpine', courtName: 'Superior Court of California, County of Alpine', courtAddress: null });
    const sent = record({ countyFips: '06037', courtName: 'Dept. 9' });
    ProbateCase.fillFromCounty(sent, JURISDICTIONS);
    expect(sent.courtName).toBe('Dept. 9');
    const none = record({});
    ProbateCase.fillFromCounty(none, JURISDICTIONS);
    expect(none).toMatchObject({ countyName: null, courtName: null });
  });
});
