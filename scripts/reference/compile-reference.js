#!/usr/bin/env node
/**
 * Merges the research files into the committed reference file (contract-extensions §10.4, §17.1):
 *
 *   node scripts/reference/compile-reference.js [research folder]
 *
 * reads `state-probate-rules.json`, `state-death-taxes.json` and `state-intestacy.json` from the research folder
 * (default /work/shared/data), the values §10.4 pins (scripts/reference/pinned-probate-values.json) and the classes of
 * each inheritance tax by kinship (scripts/reference/inheritance-tax-classes.json), and rewrites the researched parts
 * of libs/court/reference-data/us-probate.json: each state's rules, small-estate thresholds, death taxes, intestacy,
 * sources and review date, and the federal values. What the research does not hold (the UPC defaults, the deadline
 * templates, the states' names, court patterns and counties) is kept as the file has it. The output depends on the
 * inputs only, so running it twice writes the same file.
 *
 * The rules of the merge:
 * - a value ships only with a source: its citation goes with it, and its citation and address join the state's
 *   `sources`; `null` stays `null`;
 * - `verified` is `true` for `statute` confidence and `false` for `secondary` (or none); a `disputed` value ships with
 *   `verified: false` and its note;
 * - a pinned value stands where the research differs; it is `verified` only when the research agrees and read the
 *   statute.
 */
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const DEFAULT_RESEARCH = '/work/shared/data';
const OUTPUT = join(ROOT, 'libs', 'court', 'reference-data', 'us-probate.json');
const PINNED = join(__dirname, 'pinned-probate-values.json');
const INHERITANCE_CLASSES = join(__dirname, 'inheritance-tax-classes.json');
const RULE_NAMES = ['inventory_due', 'creditor_claim_period', 'creditor_claim_outside_limit'];
/** The kinships of a person (contract-extensions §17.3), every one of which an inheritance tax class must place. */
const KINSHIPS = [
  'spouse',
  'child',
  'grandchild',
  'great_grandchild',
  'parent',
  'sibling',
  'half_sibling',
  'niece_or_nephew',
  'grandparent',
  'aunt_or_uncle',
  'first_cousin',
  'other_relative',
  'not_related',
];

class CompileError extends Error {}
const fail = (where, problem) => {
  throw new CompileError(`${where}: ${problem}`);
};

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const verifiedOf = (value) => value.confidence === 'statute' && value.disputed !== true;
const noteOf = (...parts) => parts.filter((part) => typeof part === 'string' && part.length > 0).join(' ') || null;

/** Collects `{citation, url}` of every shipped value of a state, once each, in the order met. */
class Sources {
  constructor(initial = []) {
    this.list = [];
    this.seen = new Set();
    for (const source of initial) this.add(source.citation, source.url);
  }

  add(citation, url) {
    if (!citation || !url) return;
    const key = `${citation}\n${url}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ citation, url });
  }
}

/** A research period `{amount, unit, from, citation, source_url, confidence}` as a §10.4 rule. */
function periodRule(value, source, sources, where) {
  if (!value || value.amount === null || value.amount === undefined) return null;
  if (!['days', 'months'].includes(value.unit)) fail(where, `unit "${value.unit}" is not days or months`);
  if (!value.citation) fail(where, 'a value without a citation');
  sources.add(value.citation, value.source_url);
  return { amount: value.amount, unit: value.unit, from: value.from, citation: value.citation, source, verified: verifiedOf(value) };
}

const sameRule = (a, b) => a && b && a.amount === b.amount && a.unit === b.unit && a.from === b.from;

// -- probate rules (§10.4) ---------------------------------------------------------------------------------------------

function probateRulesOf(code, research, pinned, sources) {
  const rules = {};
  for (const name of RULE_NAMES) {
    const researched = research?.[name] ?? null;
    if (pinned) {
      const value = pinned[name];
      rules[name] = value && { ...value, source: 'state', verified: Boolean(sameRule(value, researched) && verifiedOf(researched)) };
    } else rules[name] = periodRule(researched, 'state', sources, `${code}.${name}`);
  }
  const threshold = research?.small_estate_threshold ?? null;
  if (pinned) {
    rules.small_estate_thresholds = pinned.small_estate_thresholds.map((entry) => ({
      ...entry,
      verified: Boolean(threshold && threshold.amount === entry.amount && verifiedOf(threshold)),
    }));
  } else if (threshold && threshold.amount !== null && threshold.citation) {
    sources.add(threshold.citation, threshold.source_url);
    rules.small_estate_thresholds = [
      { amount: threshold.amount, effective_from: threshold.effective_from ?? null, effective_to: null, citation: threshold.citation, verified: verifiedOf(threshold) },
    ];
  } else rules.small_estate_thresholds = null;
  return rules;
}

// -- death taxes (§17.1) -----------------------------------------------------------------------------------------------

/** `5%` → 5. */
function percentOf(rate, where) {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(String(rate).trim());
  if (!match) fail(where, `cannot read the rate "${rate}"`);
  return Number(match[1]);
}

function estateTaxOf(code, research, sources) {
  if (!research) return null;
  const exemptions = research.exemption.map((entry, index) => {
    const where = `${code}.estate_tax.exemption[${index}]`;
    if (!entry.citation) fail(where, 'an exemption without a citation');
    sources.add(entry.citation, entry.source_url);
    // An amount without a source (not found) stays null, with the research's reason.
    const sourced = Boolean(entry.source_url && entry.confidence);
    return {
      amount: sourced ? entry.amount : null,
      amount_rule: entry.amount_rule ?? null,
      effective_from: entry.effective_from ?? null,
      effective_to: entry.effective_to ?? null,
      citation: entry.citation,
      verified: verifiedOf(entry),
      notes: entry.notes ?? null,
    };
  });
  return {
    exemptions,
    return_due: research.return_due ? periodRule(research.return_due, 'state', sources, `${code}.estate_tax.return_due`) : null,
    form: research.form ?? null,
    notes: noteOf(research.notes, research.return_due?.notes && `Return due: ${research.return_due.notes}`, research.return_due?.extension && `Extension: ${research.return_due.extension}.`),
  };
}

function inheritanceTaxOf(code, research, classTable, sources) {
  if (!research) return null;
  const table = classTable[code] ?? fail(code, 'has an inheritance tax but no class table in inheritance-tax-classes.json');
  const placed = new Map();
  const classes = research.classes.map((entry) => {
    const translation = table[entry.class] ?? fail(`${code}.inheritance_tax`, `class "${entry.class}" has no translation`);
    for (const kinship of translation.kinships) {
      if (!KINSHIPS.includes(kinship)) fail(`${code}.${entry.class}`, `unknown kinship "${kinship}"`);
      if (placed.has(kinship)) fail(`${code}.${entry.class}`, `kinship "${kinship}" is already in class "${placed.get(kinship)}"`);
      placed.set(kinship, entry.class);
    }
    if (entry.source_url) sources.add(research.citation, entry.source_url);
    return {
      class: entry.class,
      who: entry.who,
      rate: entry.rate,
      exemption: entry.exemption ?? null,
      exempt: translation.exempt,
      kinships: translation.kinships,
      verified: entry.confidence ? verifiedOf(entry) : verifiedOf(research),
      notes: noteOf(entry.exemption_notes, translation.note),
    };
  });
  for (const name of Object.keys(table)) if (!research.classes.some((entry) => entry.class === name)) fail(`${code}.inheritance_tax`, `translated class "${name}" is not in the research file any more`);
  const missing = KINSHIPS.filter((kinship) => !placed.has(kinship));
  if (missing.length > 0) fail(`${code}.inheritance_tax`, `kinships in no class: ${missing.join(', ')}`);
  const discount = research.early_payment_discount;
  if (discount) sources.add(discount.citation, discount.source_url);
  sources.add(research.citation, research.source_url);
  const returnDue = research.return_due && research.return_due.amount !== null ? periodRule(research.return_due, 'state', sources, `${code}.inheritance_tax.return_due`) : null;
  if (research.return_due && !returnDue) sources.add(research.return_due.citation, research.return_due.source_url);
  return {
    classes,
    return_due: returnDue,
    early_payment_discount: discount
      ? {
          percent: percentOf(discount.rate, `${code}.early_payment_discount`),
          within: { amount: discount.within.amount, unit: discount.within.unit, from: discount.within.from },
          citation: discount.citation,
          verified: verifiedOf(discount),
        }
      : null,
    citation: research.citation,
    verified: verifiedOf(research),
    notes: noteOf(research.notes, !returnDue && research.return_due ? `Return due: ${research.return_due.notes ?? 'no fixed period.'} (${research.return_due.citation})` : null),
  };
}

// -- intestacy (§17.1) -------------------------------------------------------------------------------------------------

function intestacyOf(research, sources) {
  const cited = (rule) => {
    sources.add(rule.citation, rule.source_url);
    return { citation: rule.citation ?? null, verified: verifiedOf(rule) };
  };
  const representation = research.representation;
  const order = research.order_after_spouse_and_descendants;
  return {
    follows_upc_article_ii: research.follows_upc_article_ii,
    community_property: research.community_property,
    spouse_share: research.spouse_share.map((share) => ({
      when: share.when,
      share: share.share,
      applies_to: share.applies_to,
      ...cited(share),
      disputed: share.disputed === true,
      notes: noteOf(share.notes, share.alternative_reported && `Also reported: ${share.alternative_reported}.`),
    })),
    representation: {
      method: representation.method,
      statutory_term: representation.statutory_term ?? null,
      ...cited(representation),
      notes: representation.notes ?? null,
    },
    order: { order: order.order, complete: order.complete, ...cited(order), notes: order.notes ?? null },
    adjusted_amounts: (research.adjusted_amounts ?? [])
      .filter((entry) => entry.source_url && entry.confidence)
      .map(({ source_url, confidence, notes, ...amounts }) => {
        // The research gives the indexed figures without a section; they adjust the amounts of the spouse's share.
        const citation = `${research.spouse_share.find((share) => share.citation)?.citation ?? research.name} (amounts adjusted for ${amounts.year})`;
        sources.add(citation, source_url);
        return { ...amounts, citation, verified: confidence === 'statute', notes: notes ?? null };
      }),
    notes: research.notes ?? null,
  };
}

// -- federal (§17.1) ---------------------------------------------------------------------------------------------------

function federalOf(research) {
  const sources = new Sources();
  const cite = (value) => {
    sources.add(value.citation, value.source_url);
    return { citation: value.citation, verified: verifiedOf(value) };
  };
  const extension = research.extension;
  const portability = research.portability;
  const lateElection = portability.late_election;
  // Rev. Proc. 2022-32: "on or before the 5th anniversary of the decedent's death" (the research gives it in words).
  if (!/5th anniversary/.test(lateElection.rule)) fail('federal.portability.late_election', 'no longer says the 5th anniversary');
  return {
    form: research.form,
    basic_exclusion_amounts: research.basic_exclusion_amount.map((entry) => ({
      year: entry.year,
      amount: entry.amount,
      effective_from: entry.effective_from,
      effective_to: entry.effective_to,
      ...cite(entry),
      notes: entry.notes ?? null,
    })),
    return_due: { amount: research.return_due.amount, unit: research.return_due.unit, from: research.return_due.from, citation: research.return_due.citation, source: 'federal', verified: verifiedOf(research.return_due) },
    return_due_notes: research.return_due.notes ?? null,
    extension: { amount: extension.amount, unit: extension.unit, form: extension.form, automatic: extension.automatic, ...cite(extension), notes: extension.notes ?? null },
    filing_threshold: { rule: research.filing_threshold.rule, ...cite(research.filing_threshold) },
    portability: {
      rule: portability.rule,
      ...cite(portability),
      late_election: { within: { amount: 5, unit: 'years', from: 'date_of_death' }, rule: lateElection.rule, ...cite(lateElection), notes: lateElection.notes ?? null },
    },
    notes: research.notes ?? null,
    sources: (sources.add(research.return_due.citation, research.return_due.source_url), sources.list),
  };
}

// -- the file -----------------------------------------------------------------------------------------------------------

function main() {
  const folder = process.argv[2] ?? DEFAULT_RESEARCH;
  const probate = readJson(join(folder, 'state-probate-rules.json'));
  const deathTaxes = readJson(join(folder, 'state-death-taxes.json'));
  const intestacy = readJson(join(folder, 'state-intestacy.json'));
  const pinned = readJson(PINNED).states;
  const classTable = readJson(INHERITANCE_CLASSES).states;
  const file = readJson(OUTPUT);

  const compiled = [deathTaxes.compiled, intestacy.compiled].filter(Boolean).sort();
  const researchReviewed = '2026-11-26'; // state-probate-rules.json has no `compiled`; its README gives the date.
  const states = file.states.map((state) => {
    const code = state.code;
    const pin = pinned[code];
    const sources = new Sources(pin ? pin.sources : []);
    const rules = probateRulesOf(code, probate[code], pin, sources);
    const taxes = deathTaxes.states.find((entry) => entry.code === code) ?? fail(code, 'is not in state-death-taxes.json');
    const heirs = intestacy.states.find((entry) => entry.code === code) ?? fail(code, 'is not in state-intestacy.json');
    const death_taxes = {
      estate_tax: estateTaxOf(code, taxes.estate_tax, sources),
      inheritance_tax: inheritanceTaxOf(code, taxes.inheritance_tax, classTable, sources),
      notes: noteOf(taxes.notes, taxes.inheritance_tax_repeal && `Inheritance tax repealed for deaths on or after ${taxes.inheritance_tax_repeal.repealed_for_deaths_on_or_after} (${taxes.inheritance_tax_repeal.citation}).`),
    };
    if (taxes.inheritance_tax_repeal) sources.add(taxes.inheritance_tax_repeal.citation, taxes.inheritance_tax_repeal.source_url);
    const intestacyRules = intestacyOf(heirs, sources);
    const reviewed = [pin ? pin.last_reviewed : RULE_NAMES.some((name) => rules[name]) || rules.small_estate_thresholds ? researchReviewed : null, ...(sources.list.length > 0 ? compiled : [])]
      .filter(Boolean)
      .sort();
    return {
      code,
      name: state.name,
      fips: state.fips,
      follows_upc: probate[code]?.follows_upc ?? state.follows_upc,
      counties_shipped: state.counties_shipped,
      probate_types: state.probate_types,
      court_name_pattern: state.court_name_pattern,
      small_estate_thresholds: rules.small_estate_thresholds,
      inventory_due: rules.inventory_due,
      creditor_claim_period: rules.creditor_claim_period,
      creditor_claim_outside_limit: rules.creditor_claim_outside_limit,
      death_taxes,
      intestacy: intestacyRules,
      sources: sources.list,
      last_reviewed: reviewed.at(-1) ?? null,
    };
  });
  const output = {
    ...(file.$schema ? { $schema: file.$schema } : {}),
    version: compiled.at(-1),
    upc_defaults: file.upc_defaults,
    deadline_templates: file.deadline_templates,
    federal: federalOf(deathTaxes.federal),
    states,
    county_sources: file.county_sources,
    counties: file.counties,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(output, null, 2)}\n`);
  const withThresholds = states.filter((state) => state.small_estate_thresholds).length;
  const estateTax = states.filter((state) => state.death_taxes.estate_tax).map((state) => state.code);
  const inheritanceTax = states.filter((state) => state.death_taxes.inheritance_tax).map((state) => state.code);
  console.log(`wrote ${OUTPUT.slice(ROOT.length + 1)}: ${states.length} states, ${withThresholds} with small-estate thresholds`);
  console.log(`  estate tax: ${estateTax.join(', ')}; inheritance tax: ${inheritanceTax.join(', ')}`);
}

try {
  main();
} catch (error) {
  if (!(error instanceof CompileError)) throw error;
  console.error(`compile-reference: ${error.message}`);
  process.exit(1);
}
