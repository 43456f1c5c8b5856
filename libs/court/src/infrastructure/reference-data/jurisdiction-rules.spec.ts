import { generateDeadlines } from '../../domain/deadline-generator';
import { jurisdictionRules, validateJurisdictionRules } from './jurisdiction-rules.loader';

describe('the jurisdiction file', () => {
  it('validates against its JSON Schema, with every state and DC once', () => {
    const rules = jurisdictionRules();
    expect(rules.states.map((state) => state.code)).toHaveLength(51);
    expect(new Set(rules.states.map((state) => state.code)).size).toBe(51);
    expect(rules.states.find((state) => state.code === 'CA')?.inventory_due).toMatchObject({ amount: 4, unit: 'months', from: 'letters_issued' });
    expect(rules.upc_defaults.creditor_claim_outside_limit).toMatchObject({ amount: 12, unit: 'months', from: 'date_of_death' });
  });

  it('carries the research whole: small-estate thresholds for 49 states, death taxes, intestacy and the federal values, each cited and flagged', () => {
    const rules = jurisdictionRules();
    const state = (code: string) => rules.states.find((entry) => entry.code === code)!;
    expect(rules.states.filter((entry) => entry.small_estate_thresholds !== null)).toHaveLength(49);
    // Pinned (§10.4) values stand: California's three thresholds, not the research's one.
    expect(state('CA').small_estate_thresholds?.map((entry) => entry.amount)).toEqual([166250, 184500, 208850]);
    expect(state('TX').small_estate_thresholds).toEqual([{ amount: 75000, effective_from: null, effective_to: null, citation: 'Tex. Estates Code §205.001', verified: true }]);
    // secondary → verified false.
    expect(state('AK').small_estate_thresholds).toEqual([expect.objectContaining({ amount: 50000, verified: false })]);
    const withEstateTax = rules.states.filter((entry) => entry.death_taxes.estate_tax).map((entry) => entry.code);
    expect(withEstateTax).toEqual(['CT', 'DC', 'HI', 'IL', 'ME', 'MD', 'MA', 'MN', 'NY', 'OR', 'RI', 'VT', 'WA']);
    expect(rules.states.filter((entry) => entry.death_taxes.inheritance_tax).map((entry) => entry.code)).toEqual(['KY', 'MD', 'NE', 'NJ', 'PA']);
    expect(state('MA').death_taxes.estate_tax?.exemptions[0]).toMatchObject({ amount: 2000000, verified: false });
    expect(state('PA').death_taxes.inheritance_tax?.early_payment_discount).toMatchObject({ percent: 5, within: { amount: 3, unit: 'months' } });
    // No source, no value: DC's 2026 exclusion stays null.
    expect(state('DC').death_taxes.estate_tax?.exemptions.find((entry) => entry.effective_from === '2026-01-01')?.amount).toBeNull();
    // A disputed value ships unverified with its note.
    const disputed = state('MN').intestacy.spouse_share.filter((share) => share.disputed);
    expect(disputed.length).toBeGreaterThan(0);
    for (const share of disputed) expect(share).toMatchObject({ verified: false, notes: expect.stringContaining('Also reported') });
    expect(rules.states.every((entry) => entry.intestacy.spouse_share.length > 0)).toBe(true);
    expect(rules.federal.basic_exclusion_amounts.map((entry) => [entry.year, entry.amount])).toEqual([
      [2025, 13990000],
      [2026, 15000000],
    ]);
    expect(rules.federal.extension).toMatchObject({ amount: 6, unit: 'months', form: '4768' });
    // Every source address is cited in the state's sources.
    for (const entry of rules.states) expect(entry.sources.every((source) => /^https?:\/\//.test(source.url) && source.citation.length > 0)).toBe(true);
  });

  it('refuses a broken file, naming the problem', () => {
    const broken = structuredClone(jurisdictionRules()) as unknown as Record<string, any>;
    broken.states[0].inventory_due = { amount: 3, unit: 'weeks', from: 'appointment', citation: 'x', source: 'state', verified: true };
    expect(() => validateJurisdictionRules(broken)).toThrow(/states\/0\/inventory_due/);
    const duplicated = structuredClone(jurisdictionRules()) as unknown as Record<string, any>;
    duplicated.deadline_templates.push(duplicated.deadline_templates[0]);
    expect(() => validateJurisdictionRules(duplicated)).toThrow(/repeats/);
  });

  it('ships the counties of CA (58), FL (67) and NY (62) and no other state, each source cited', () => {
    const rules = jurisdictionRules();
    const count = (code: string) => rules.counties.filter((county) => county.state === code).length;
    expect([count('CA'), count('FL'), count('NY')]).toEqual([58, 67, 62]);
    expect(rules.counties).toHaveLength(58 + 67 + 62);
    expect(rules.states.filter((state) => state.counties_shipped).map((state) => state.code)).toEqual(['CA', 'FL', 'NY']);
    for (const field of ['fips', 'name', 'court_name']) {
      for (const code of ['CA', 'FL', 'NY']) expect(rules.county_sources.some((source) => source.states.includes(code) && source.fields.includes(field))).toBe(true);
    }
    // A value no source covers is null (not yet reviewed), never made up.
    expect(rules.counties.every((county) => county.court_address === null && county.court_phone === null && county.court_website === null)).toBe(true);
  });

  it.each([
    ['a county outside its state', (file: Record<string, any>) => (file.counties[0].fips = '12999'), /county 12999 outside CA/],
    ['a repeated county', (file: Record<string, any>) => file.counties.push(file.counties[0]), /repeats the county 06001/],
    ['counties_shipped without counties', (file: Record<string, any>) => (file.states.find((state: any) => state.code === 'TX').counties_shipped = true), /counties_shipped: true for TX/],
    ['a county named with "County"', (file: Record<string, any>) => (file.counties[0].name = 'Alameda County'), /counties\/0\/name/],
    ['a made-up phone format', (file: Record<string, any>) => (file.counties[0].court_phone = 'call us'), /counties\/0\/court_phone/],
    ['a threshold without its verified flag', (file: Record<string, any>) => delete file.states[0].small_estate_thresholds[0].verified, /states\/0\/small_estate_thresholds\/0 must have required property 'verified'/],
    ['a state without death_taxes', (file: Record<string, any>) => delete file.states[1].death_taxes, /states\/1 must have required property 'death_taxes'/],
    ['an estate tax exemption as text', (file: Record<string, any>) => (file.states.find((state: any) => state.code === 'MA').death_taxes.estate_tax.exemptions[0].amount = '2,000,000'), /death_taxes\/estate_tax\/exemptions\/0\/amount/],
    ['an inheritance tax class of an unknown kinship', (file: Record<string, any>) => file.states.find((state: any) => state.code === 'PA').death_taxes.inheritance_tax.classes[0].kinships.push('cousin'), /inheritance_tax\/classes\/0\/kinships/],
    ['a representation method out of the list', (file: Record<string, any>) => (file.states[0].intestacy.representation.method = 'by_guess'), /intestacy\/representation\/method/],
    ['no federal values', (file: Record<string, any>) => delete file.federal, /must have required property 'federal'/],
    ['a federal exclusion without a year', (file: Record<string, any>) => delete file.federal.basic_exclusion_amounts[0].year, /federal\/basic_exclusion_amounts\/0 must have required property 'year'/],
  ])('refuses %s, naming the file and the problem', (_what, breakIt, message) => {
    const broken = structuredClone(jurisdictionRules()) as unknown as Record<string, any>;
    breakIt(broken);
    expect(() => validateJurisdictionRules(broken)).toThrow(/libs\/court\/reference-data\/us-probate.json/);
    expect(() => validateJurisdictionRules(broken)).toThrow(message);
  });
});

describe('generateDeadlines', () => {
  const rules = jurisdictionRules();
  // An estate above the 2026 federal basic exclusion, so that Form 706 is due; no state's taxes (no domicile).
  const estate = { grossEstate: 20_000_000_00n, spouseSurvives: false, beneficiaries: [] };
  const generated = (state: string | undefined, extra: Record<string, string> = {}) => generateDeadlines({ dateOfDeath: '2026-03-13', appointmentDate: '2026-04-02', state, ...extra }, rules, estate);
  const dueOf = (state: string | undefined, key: string, extra: Record<string, string> = {}) => generated(state, extra).deadlines.find((deadline) => deadline.key === key);
  const skippedOf = (state: string | undefined, extra: Record<string, string> = {}) => generated(state, extra).skipped.map((skipped) => [skipped.key, skipped.needs]);
  // Letters issued a week after the appointment.
  const letters = { lettersIssuedDate: '2026-04-09' };

  it.each([
    // [state, template, due date, computed date before the business-day roll]
    [undefined, 'form_706', '2026-12-14', '2026-12-13'], // 9 months after death: a Sunday → Monday
    [undefined, 'final_form_1040', '2027-04-15', '2027-04-15'],
    [undefined, 'form_1041', '2027-04-15', '2027-04-15'],
    [undefined, 'creditor_claim_bar', '2027-03-15', '2027-03-13'], // one year: a Saturday → Monday
    [undefined, 'inventory', '2026-07-02', '2026-07-02'], // UPC §3-706: 3 months after appointment
    ['CA', 'inventory', '2026-08-10', '2026-08-09'], // 4 months after letters (2026-04-09): a Sunday → Monday
    ['TX', 'inventory', '2026-07-01', '2026-07-01'], // 90 days after qualification
    ['FL', 'inventory', '2026-06-08', '2026-06-08'], // 60 days after letters
    ['NY', 'inventory', '2027-01-11', '2027-01-09'], // 9 months after letters: a Saturday → Monday
    ['WY', 'inventory', '2026-07-02', '2026-07-02'], // no rule recorded: the UPC's
    ['IL', 'inventory', '2026-06-08', '2026-06-08'], // 60 days after letters (755 ILCS 5/14-1)
  ])('%s %s is due %s (rule date %s)', (state, key, due, computed) => {
    const deadline = dueOf(state, key, letters);
    expect(deadline?.dueDate).toBe(due);
    expect(deadline?.rule.computed_date).toBe(computed);
  });

  it('rolls a due date off a federal holiday: 60 days after 2026-05-04 is the observed Independence Day', () => {
    const deadline = generateDeadlines({ dateOfDeath: '2026-03-13', appointmentDate: '2026-05-04', lettersIssuedDate: '2026-05-04', state: 'FL' }, rules, estate).deadlines.find((d) => d.key === 'inventory');
    expect(deadline).toMatchObject({ dueDate: '2026-07-06', rule: { computed_date: '2026-07-03', source: 'state', citation: 'Fla. Prob. R. 5.340(a)' } });
  });

  it('makes the UPC creditor claim period only from a first publication (UPC §3-801), naming it skipped without one; the one-year bar always', () => {
    expect(dueOf(undefined, 'creditor_claim_period')).toBeUndefined();
    expect(skippedOf(undefined)).toEqual([['creditor_claim_period', 'first_publication_date']]);
    const period = dueOf(undefined, 'creditor_claim_period', { firstPublicationDate: '2026-04-20' });
    expect(period).toMatchObject({ type: 'creditor_notice', dueDate: '2026-08-20', rule: { from: 'first_publication', source: 'upc_default' } });
    expect(period?.description).toContain('within 4 months after the first publication of the notice to creditors');
    expect(period?.description).toContain('§3-801');
    expect(skippedOf(undefined, { firstPublicationDate: '2026-04-20' })).toEqual([]);
    expect(dueOf(undefined, 'creditor_claim_bar')?.type).toBe('creditor_notice');
  });

  it("counts a state's own rule from its own start: California's claim period from the letters (Prob. Code §9100), never by the UPC's rule", () => {
    const publication = { firstPublicationDate: '2026-04-20' };
    expect(dueOf('IL', 'creditor_claim_period', publication)).toMatchObject({ dueDate: '2026-10-20', rule: { source: 'state', citation: '755 ILCS 5/18-3(a)' } });
    expect(dueOf('IL', 'creditor_claim_bar')).toMatchObject({ title: 'Creditor claims barred 24 months after death', dueDate: '2028-03-13', rule: { source: 'state' } });
    // 4 months after letters issued on 2026-04-09 is Sunday 2026-08-09 → Monday 2026-08-10; a publication changes nothing.
    for (const extra of [letters, { ...letters, ...publication }]) {
      const california = dueOf('CA', 'creditor_claim_period', extra);
      expect(california).toMatchObject({
        type: 'creditor_notice',
        dueDate: '2026-08-10',
        rule: { source: 'state', citation: 'Cal. Prob. Code §9100(a)', from: 'letters_issued', from_date: '2026-04-09', computed_date: '2026-08-09' },
      });
      expect(california?.description).toContain('within 4 months after the issue of letters to the personal representative');
      expect(california?.description).not.toContain('Uniform Probate Code');
    }
    // Without the letters: left out and named with the date it needs — not the UPC's period from the publication.
    expect(dueOf('CA', 'creditor_claim_period', publication)).toBeUndefined();
    const waiting = generated('CA', publication).skipped;
    expect(waiting.map((skipped) => [skipped.key, skipped.needs, skipped.rule.citation])).toEqual([
      ['creditor_claim_period', 'letters_issued_date', 'Cal. Prob. Code §9100(a)'],
      ['inventory', 'letters_issued_date', 'Cal. Prob. Code §8800(b)'],
    ]);
    expect(waiting[0]).toMatchObject({ type: 'creditor_notice', reason: 'start_date_unknown', rule: { source: 'state', from: 'letters_issued' } });
    expect(waiting[0].message).toContain('send letters_issued_date');
    // New York's claim period counts from the letters too, Maryland's from death (so always made), Connecticut's from the appointment.
    expect(dueOf('NY', 'creditor_claim_period', letters)).toMatchObject({ dueDate: '2026-11-09', rule: { from: 'letters_issued', citation: 'N.Y. SCPA §1802' } });
    expect(dueOf('MD', 'creditor_claim_period')).toMatchObject({ dueDate: '2026-09-14', rule: { from: 'date_of_death', source: 'state' } });
    expect(dueOf('CT', 'creditor_claim_period')).toMatchObject({ rule: { from: 'appointment', source: 'state', from_date: '2026-04-02' } });
    // A state with no claim rule recorded: the UPC's stands in, and says so.
    const pennsylvania = dueOf('PA', 'creditor_claim_period', publication);
    expect(pennsylvania).toMatchObject({ rule: { source: 'upc_default', from: 'first_publication' } });
    expect(pennsylvania?.description).toContain("not a rule of Pennsylvania's own law");
    expect(dueOf(undefined, 'inventory')?.description).toContain('No state was given');
    expect(dueOf('IL', 'inventory', letters)?.description).not.toContain('Uniform Probate Code');
  });

  it('gives every deadline its type, title, description and the rule it came from', () => {
    for (const deadline of generateDeadlines({ dateOfDeath: '2026-03-13', appointmentDate: '2026-04-02', lettersIssuedDate: '2026-04-09', state: 'CA' }, rules, estate).deadlines) {
      expect(deadline.title.length).toBeGreaterThan(0);
      expect(deadline.description).toContain(deadline.rule.citation);
      expect(['tax_return', 'creditor_notice', 'inventory']).toContain(deadline.type);
    }
  });
});
