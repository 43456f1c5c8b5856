import { generateDeadlines, type EstateTaxFacts } from '../../domain/deadline-generator';
import { jurisdictionRules } from './jurisdiction-rules.loader';

/** The returns due at death, read from the shipped reference file (contract-extensions §17.2). */
describe('the death-tax deadlines', () => {
  const rules = jurisdictionRules();
  const dollars = (amount: string) => BigInt(amount.replace(/[,.]/g, ''));
  const facts = (gross: string, extra: Partial<EstateTaxFacts> = {}): EstateTaxFacts => ({ grossEstate: dollars(gross), spouseSurvives: false, beneficiaries: [], ...extra });
  const run = (estate: EstateTaxFacts, domicile: string | null = null, dateOfDeath = '2026-03-13') =>
    generateDeadlines({ dateOfDeath, appointmentDate: '2026-04-02', domicile, firstPublicationDate: '2026-04-20' }, rules, estate);
  const made = (result: ReturnType<typeof run>, key: string) => result.deadlines.find((deadline) => deadline.key === key);
  const left = (result: ReturnType<typeof run>, key: string) => result.skipped.find((skipped) => skipped.key === key);

  describe('Form 706', () => {
    it('is due when the gross estate reaches the 2026 basic exclusion, 15,000,000.00 (26 U.S.C. §2010(c)(3), Pub. L. 119-21)', () => {
      const result = run(facts('15,000,000.00'));
      expect(made(result, 'form_706')).toMatchObject({ type: 'tax_return', title: 'Federal estate tax return (Form 706)', dueDate: '2026-12-14', rule: { computed_date: '2026-12-13', source: 'federal' } });
      expect(made(result, 'form_706')?.description).toContain('is at least the basic exclusion amount for deaths in 2026, 15,000,000.00');
      expect(left(result, 'form_706')).toBeUndefined();
    });

    it('is left out a cent below, named in skipped with the gross estate and the exclusion', () => {
      const result = run(facts('14,999,999.99'));
      expect(made(result, 'form_706')).toBeUndefined();
      expect(left(result, 'form_706')).toMatchObject({ type: 'tax_return', reason: 'below_exclusion', needs: null, gross_estate: 14999999.99, threshold: 15000000, rule: { source: 'federal' } });
      expect(left(result, 'form_706')?.message).toContain('is below the basic exclusion amount for deaths in 2026, 15,000,000.00');
    });

    it('is made below the exclusion to elect portability when a spouse survives, the title saying so (Rev. Proc. 2022-32: 5 years; due date still 9 months)', () => {
      const result = run(facts('800,000.00', { spouseSurvives: true }));
      const portability = made(result, 'form_706');
      expect(portability).toMatchObject({ title: 'Federal estate tax return (Form 706), electing portability for the surviving spouse', dueDate: '2026-12-14' });
      expect(portability?.description).toContain('Rev. Proc. 2022-32');
      expect(portability?.description).toContain('by 2031-03-13');
      expect(left(result, 'form_706')).toBeUndefined();
    });

    it('weighs a 2025 death against 13,990,000.00, which comes from a summary: the deadline says so', () => {
      const result = run(facts('14,000,000.00'), null, '2025-06-10');
      expect(made(result, 'form_706')?.description).toContain('13,990,000.00');
      expect(made(result, 'form_706')?.description).toContain('published summary');
      expect(left(run(facts('13,989,999.99'), null, '2025-06-10'), 'form_706')).toMatchObject({ threshold: 13990000 });
    });
  });

  describe("the domicile's estate tax return", () => {
    it.each([
      ['MA', '2,000,000.00', '1,999,999.99', 2000000],
      ['OR', '1,000,000.00', '999,999.99', 1000000],
    ])('%s: due from %s, left out at %s', (state, due, below, threshold) => {
      const result = run(facts(due), state);
      const deadline = made(result, 'state_estate_tax_return');
      expect(deadline).toMatchObject({ type: 'tax_return', dueDate: '2026-12-14', rule: { source: 'state', from: 'date_of_death' } });
      expect(deadline?.title).toContain('estate tax return');
      // Both exemptions come from published summaries: said in the description.
      expect(deadline?.description).toContain('published summary');
      const skipped = left(run(facts(below), state), 'state_estate_tax_return');
      expect(skipped).toMatchObject({ reason: 'below_exemption', threshold });
      expect(made(run(facts(below), state), 'state_estate_tax_return')).toBeUndefined();
    });

    it('is nothing, made or skipped, in a state without an estate tax', () => {
      const result = run(facts('50,000,000.00'), 'FL');
      expect(result.deadlines.map((deadline) => deadline.key)).not.toContain('state_estate_tax_return');
      expect(result.skipped.map((skipped) => skipped.key)).not.toContain('state_estate_tax_return');
    });

    it('is left out when the research records no due date (Rhode Island), saying so', () => {
      expect(left(run(facts('5,000,000.00'), 'RI'), 'state_estate_tax_return')).toMatchObject({ reason: 'due_date_not_recorded' });
    });
  });

  describe("the domicile's inheritance tax return", () => {
    it("Pennsylvania: due 9 months after death for a child (lineal, 4.5 %), and the 5 % discount date at 3 months", () => {
      const result = run(facts('300,000.00', { beneficiaries: [{ name: 'Ann Lee', kinship: 'child' }] }), 'PA');
      expect(made(result, 'state_inheritance_tax_return')).toMatchObject({ type: 'tax_return', title: 'Pennsylvania inheritance tax return', dueDate: '2026-12-14' });
      expect(made(result, 'state_inheritance_tax_return')?.description).toContain('Ann Lee (child)');
      const discount = made(result, 'state_inheritance_tax_discount');
      expect(discount).toMatchObject({ type: 'tax_return', dueDate: '2026-06-15', rule: { computed_date: '2026-06-13', from: 'date_of_death' } });
      expect(discount?.title).toContain('5 % discount');
      expect(discount?.description).toContain('published summary');
    });

    it('is left out when every beneficiary is exempt (a spouse), or none is recorded', () => {
      const spouseOnly = run(facts('300,000.00', { spouseSurvives: true, beneficiaries: [{ name: 'Bo Lee', kinship: 'spouse' }] }), 'PA');
      expect(made(spouseOnly, 'state_inheritance_tax_return')).toBeUndefined();
      expect(made(spouseOnly, 'state_inheritance_tax_discount')).toBeUndefined();
      expect(left(spouseOnly, 'state_inheritance_tax_return')).toMatchObject({ reason: 'no_taxable_beneficiary' });
      expect(left(run(facts('300,000.00'), 'PA'), 'state_inheritance_tax_return')?.message).toContain('no beneficiary of the case is recorded');
    });

    it('counts a beneficiary whose kinship is not told as not exempt (it cannot be shown exempt)', () => {
      const result = run(facts('300,000.00', { beneficiaries: [{ name: 'Cy Doe', kinship: null }] }), 'NJ');
      expect(made(result, 'state_inheritance_tax_return')?.description).toContain('Cy Doe (kinship not recorded)');
      // New Jersey gives no early-payment discount.
      expect(made(result, 'state_inheritance_tax_discount')).toBeUndefined();
    });

    it("New Jersey exempts a child (Class A) but not a sibling (Class C)", () => {
      expect(made(run(facts('1.00', { beneficiaries: [{ name: 'Ann', kinship: 'child' }] }), 'NJ'), 'state_inheritance_tax_return')).toBeUndefined();
      expect(made(run(facts('1.00', { beneficiaries: [{ name: 'Sam', kinship: 'sibling' }] }), 'NJ'), 'state_inheritance_tax_return')).toBeDefined();
    });

    it("Maryland: a taxable beneficiary, but no period for the return is recorded (due on distribution): left out, saying so", () => {
      expect(left(run(facts('1.00', { beneficiaries: [{ name: 'Nia', kinship: 'niece_or_nephew' }] }), 'MD'), 'state_inheritance_tax_return')).toMatchObject({ reason: 'due_date_not_recorded' });
    });
  });
});
