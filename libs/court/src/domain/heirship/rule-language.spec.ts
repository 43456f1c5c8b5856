import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from './heirship-fixtures.testing';
import { readIntestacyRules, rulesOf } from './rule-language';

const committed = () => JSON.parse(readFileSync(join(__dirname, 'intestacy-rules.json'), 'utf8'));

describe('the compiled intestacy rules', () => {
  it('hold the 50 states, DC and the UPC baseline', () => {
    expect(RULES.states).toHaveLength(51);
    expect(rulesOf(RULES, 'dc')?.name).toBe('District of Columbia');
    expect(rulesOf(RULES, 'UPC')?.rule_source).toBe('upc_default');
    expect(rulesOf(RULES, 'PR')).toBeUndefined();
  });

  it('keep each rule’s citation, source and verification: statute and not disputed', () => {
    const nebraska = rulesOf(RULES, 'NE');
    const disputed = nebraska?.spouse_cases.find((spouseCase) => spouseCase.source.share === 'first 50000 plus 1/2 of the balance');
    expect(disputed).toMatchObject({ citation: 'Neb. Rev. Stat. §30-2302(2)', verified: false, note: expect.stringContaining('first 100000 plus 1/2') });
    expect(rulesOf(RULES, 'FL')?.spouse_cases.every((spouseCase) => spouseCase.verified && spouseCase.source_url)).toBe(true);
    expect(rulesOf(RULES, 'LA')?.unsupported).toContain('Civil Code');
  });

  it('refuse a hand edit the interpreter would misread', () => {
    const edited = (edit: (rules: ReturnType<typeof committed>) => void) => {
      const rules = committed();
      edit(rules);
      return () => readIntestacyRules(rules);
    };
    expect(edited((rules) => (rules.states[0].spouse_cases[0].when = { kind: 'fact', fact: 'wealthy' }))).toThrow('states[0].spouse_cases[0].when.fact');
    expect(edited((rules) => (rules.states[0].spouse_cases[0].share = { kind: 'fraction', fraction: '3/2' }))).toThrow('is not between 0 and 1');
    expect(edited((rules) => (rules.states[1].representation.methods = ['by_lot']))).toThrow('representation.methods[0]');
    expect(edited((rules) => rules.states.push(rules.states[0]))).toThrow('names a state twice');
    expect(edited((rules) => (rules.states[0].order.classes[0] = { kind: 'one_of', of: [] }))).toThrow('one_of needs two or more readings');
  });
});
