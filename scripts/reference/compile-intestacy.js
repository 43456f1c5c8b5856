#!/usr/bin/env node
/**
 * Compiles the intestacy research file into the heirship rule language (docs/heirship-rules.md):
 *
 *   node scripts/reference/compile-intestacy.js [path/to/state-intestacy.json]
 *
 * reads the research file (default /work/shared/data/state-intestacy.json) and the hand-written translation table
 * (scripts/reference/intestacy-translations.json), and writes libs/court/src/domain/heirship/intestacy-rules.json.
 * The five UPC cases and plain shares ("all", "1/2", "first N plus F of the balance") translate by themselves; every
 * case or order entry written in words must have a translation, and every translation must still match the research
 * file, or the script stops with the reason. Nothing per state is decided here: that is the table's job.
 */
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const DEFAULT_SOURCE = '/work/shared/data/state-intestacy.json';
const TRANSLATIONS = join(__dirname, 'intestacy-translations.json');
const OUTPUT = join(ROOT, 'libs', 'court', 'src', 'domain', 'heirship', 'intestacy-rules.json');

const FACTS = [
  'spouse',
  'descendants',
  'parents',
  'siblings',
  'descendants_of_parents',
  'all_descendants_of_spouse',
  'some_descendants_of_spouse',
  'spouse_has_other_descendants',
  'all_child_lines_of_spouse',
  'some_child_lines_of_spouse',
  'minor_child',
  'married_at_least_3_years',
  'other_relatives',
];
const COUNTS = ['child_lines'];
const METHODS = { 'per stirpes': 'per_stirpes', 'modern per stirpes': 'modern_per_stirpes', 'per capita at each generation': 'per_capita_at_each_generation', 'per capita': 'per_capita' };

/** The five cases of UPC §2-102 the research file names, as conditions of the rule language. */
const UPC_CASES = {
  no_descendants_no_parents: 'not descendants and not parents',
  no_descendants_parents_survive: 'not descendants and parents',
  all_descendants_shared_spouse_has_no_others: 'descendants and all_descendants_of_spouse and not spouse_has_other_descendants',
  all_descendants_shared_spouse_has_others: 'descendants and all_descendants_of_spouse and spouse_has_other_descendants',
  some_descendants_not_of_spouse: 'descendants and not all_descendants_of_spouse',
};

class CompileError extends Error {}
const fail = (where, problem) => {
  throw new CompileError(`${where}: ${problem}`);
};

// -- conditions ------------------------------------------------------------------------------------------------------

function parseCondition(text, where) {
  const tokens = text.match(/\(|\)|>=|=|[a-z_0-9]+/g) ?? [];
  if (tokens.join('').replace(/\s/g, '') !== text.replace(/\s/g, '')) fail(where, `cannot read the condition "${text}"`);
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected) => {
    const token = tokens[at];
    if (expected !== undefined && token !== expected) fail(where, `expected "${expected}" in "${text}", found "${token ?? 'the end'}"`);
    at += 1;
    return token;
  };
  const joined = (kind, parts) => (parts.length === 1 ? parts[0] : { kind, of: parts });
  function disjunction() {
    const parts = [conjunction()];
    while (peek() === 'or') {
      take();
      parts.push(conjunction());
    }
    return joined('or', parts);
  }
  function conjunction() {
    const parts = [term()];
    while (peek() === 'and') {
      take();
      parts.push(term());
    }
    return joined('and', parts);
  }
  function term() {
    const token = take();
    if (token === 'not') return { kind: 'not', of: term() };
    if (token === '(') {
      const inner = disjunction();
      take(')');
      return inner;
    }
    if (token === 'always') return { kind: 'always' };
    if (FACTS.includes(token)) return { kind: 'fact', fact: token };
    if (COUNTS.includes(token)) {
      const op = take();
      if (op !== '=' && op !== '>=') fail(where, `a count compares with = or >=, not "${op}"`);
      const value = take();
      if (!/^\d+$/.test(value ?? '')) fail(where, `a count compares with a whole number, not "${value}"`);
      return { kind: 'count', count: token, op, value: Number(value) };
    }
    return fail(where, `unknown word "${token}" in the condition "${text}"`);
  }
  const condition = disjunction();
  if (at !== tokens.length) fail(where, `unexpected "${peek()}" in "${text}"`);
  return condition;
}

// -- shares ----------------------------------------------------------------------------------------------------------

const FRACTION = /^\d+\/\d+$/;

function checkFraction(text, where) {
  if (!FRACTION.test(text)) fail(where, `"${text}" is not a fraction n/d`);
  const [top, bottom] = text.split('/').map(Number);
  if (bottom === 0 || top > bottom) fail(where, `"${text}" is not a fraction between 0 and 1`);
  return text;
}

function parseAmount(text, where, adjusted) {
  let match = /^(\d+)( indexed)?$/.exec(text);
  if (match) {
    const dollars = Number(match[1]);
    if (!match[2]) return { kind: 'dollars', dollars, indexed: null };
    return { kind: 'dollars', dollars, indexed: { adjusted: adjusted(dollars) } };
  }
  match = /^(\d+\/\d+) of the estate(?: at least (\d+))?(?: at most (\d+))?$/.exec(text);
  if (match) {
    return {
      kind: 'part_of_estate',
      fraction: checkFraction(match[1], where),
      at_least_dollars: match[2] === undefined ? null : Number(match[2]),
      at_most_dollars: match[3] === undefined ? null : Number(match[3]),
    };
  }
  return fail(where, `cannot read the amount "${text}"`);
}

function parseShare(text, where, adjusted) {
  if (text === 'all' || text === 'none') return { kind: text };
  if (FRACTION.test(text)) return { kind: 'fraction', fraction: checkFraction(text, where) };
  if (text === "a child's share") return { kind: 'child_share' };
  let match = /^first (.+) plus (\d+\/\d+) of the balance$/.exec(text);
  if (match) return { kind: 'first_plus', first: parseAmount(match[1], where, adjusted), fraction: checkFraction(match[2], where) };
  match = /^the greater of (.+) and (.+)$/.exec(text);
  if (match) return { kind: 'greater_of', of: [parseShare(match[1], where, adjusted), parseShare(match[2], where, adjusted)] };
  match = /^not computable: (.+)$/.exec(text);
  if (match) return { kind: 'not_computable', reason: match[1] };
  return fail(where, `cannot read the share "${text}"`);
}

/** A share of the research file that needs no translation, in the rule language's words, or undefined. */
function plainShare(text) {
  if (text === 'all' || FRACTION.test(text)) return text;
  const match = /^first (\d+)( \(CPI-adjusted\))? plus (\d+\/\d+) of the (balance|residue)$/.exec(text);
  return match ? `first ${match[1]}${match[2] ? ' indexed' : ''} plus ${match[3]} of the balance` : undefined;
}

// -- classes of heirs ------------------------------------------------------------------------------------------------

const GROUPS = [
  ['parents with descendants of parents in equal parts', 'parents_with_descendants_of_parents'],
  ['grandparents with descendants of grandparents in equal parts', 'grandparents_with_descendants_of_grandparents'],
  ['grandparents, else descendants of grandparents', 'grandparents_else_descendants_of_grandparents'],
  ['descendants of grandparents', 'descendants_of_grandparents'],
  ['descendants of parents', 'descendants_of_parents'],
  ['grandparents', 'grandparents'],
  ['parents', 'parents'],
];

function parseClass(text, where) {
  if (text === 'state') return { kind: 'state' };
  if (text === 'spouse' || text === 'descendants') return { kind: 'provided', by: text };
  if (text === 'provided above') return { kind: 'provided', by: 'above' };
  let match = /^remoter kindred: (.+)$/.exec(text);
  if (match) return { kind: 'remoter_kindred', description: match[1] };
  match = /^not captured: (.+)$/.exec(text);
  if (match) return { kind: 'not_captured', description: match[1] };
  match = /^one of \((.+)\)$/.exec(text);
  if (match) {
    const readings = match[1].split(' | ');
    if (readings.length < 2) fail(where, `"one of" needs two or more readings: "${text}"`);
    return { kind: 'one_of', of: readings.map((reading) => ({ text: reading, class: parseClass(reading, where) })) };
  }
  match = /^if (.+?) then (.+) else unresolved: (.+)$/.exec(text);
  if (match) return { kind: 'when', condition: parseCondition(match[1], where), then: parseClass(match[2], where), otherwise: match[3] };

  const group = GROUPS.find(([words]) => text === words || text.startsWith(`${words} `) || text.startsWith(`${words},`));
  if (!group) return fail(where, `cannot read the class "${text}"`);
  let rest = text.slice(group[0].length);
  let bySide = false;
  match = /^,? by side/.exec(rest);
  if (match) {
    bySide = true;
    rest = rest.slice(match[0].length);
  }
  const heirClass = {
    kind: 'kin',
    group: group[1],
    by_side: bySide,
    method: null,
    double_portion_to_lone_parent: false,
    lone_ancestor_shares_half: null,
    half_blood_takes_half: false,
  };
  rest = rest.trim();
  if (rest !== '') {
    match = /^\[(.+)\]$/.exec(rest);
    if (!match) fail(where, `cannot read "${rest}" in the class "${text}"`);
    for (const option of match[1].split(';').map((word) => word.trim())) {
      if (METHODS[option]) heirClass.method = METHODS[option];
      else if (option === 'double portion to a lone parent') heirClass.double_portion_to_lone_parent = true;
      else if (option === 'lone ancestor shares half') heirClass.lone_ancestor_shares_half = 'any_descendants';
      else if (option === 'lone ancestor shares half with own descendants') heirClass.lone_ancestor_shares_half = 'own_descendants';
      else if (option === 'half blood takes half') heirClass.half_blood_takes_half = true;
      else fail(where, `unknown option "${option}" in the class "${text}"`);
    }
  }
  if (heirClass.double_portion_to_lone_parent && heirClass.group !== 'parents_with_descendants_of_parents') {
    fail(where, 'a double portion is given only among parents and siblings in equal parts');
  }
  if (heirClass.by_side && !heirClass.group.includes('grandparents')) fail(where, 'only grandparents and their descendants are divided by side');
  return heirClass;
}

// -- one state -------------------------------------------------------------------------------------------------------

const verifiedOf = (rule) => rule.confidence === 'statute' && !rule.disputed;
const noteOf = (...parts) => parts.filter(Boolean).join(' ') || null;
const disputedNote = (rule) => (rule.disputed ? `Disputed: sources also report ${rule.alternative_reported ?? 'another value'}.` : null);

function adjustedAmounts(state, translation) {
  return (dollars) => {
    const key = translation.indexed_amounts?.[String(dollars)];
    if (!key) return [];
    return (state.adjusted_amounts ?? [])
      .filter((figure) => typeof figure[key] === 'number')
      .map((figure) => ({ year: figure.year, dollars: figure[key], source_url: figure.source_url ?? null, confidence: figure.confidence }));
  };
}

function compileSpouseCases(state, translation, where) {
  const translated = translation.spouse_cases ?? [];
  const matched = new Set();
  const cases = [];
  for (const [index, source] of state.spouse_share.entries()) {
    const at = `${where} spouse_share[${index}]`;
    const entry = translated.find((candidate) => candidate.applies_to === source.applies_to && candidate.when === source.when && candidate.share === source.share);
    if (entry) matched.add(entry);
    const rules = entry ? entry.rules : [{}];
    for (const rule of rules) {
      const whenText = rule.when ?? UPC_CASES[source.when];
      if (whenText === undefined) fail(at, `the case "${source.when}" is in words and needs a translation`);
      const shareText = rule.share ?? plainShare(source.share);
      if (shareText === undefined) fail(at, `the share "${source.share}" is in words and needs a translation`);
      if (source.share === null || source.confidence === null) fail(at, 'has no share or no confidence: translate it as not computable');
      cases.push({
        applies_to: source.applies_to,
        when: parseCondition(whenText, at),
        share: parseShare(shareText, at, adjustedAmounts(state, translation)),
        source: { when: source.when, share: source.share },
        rule: { when: whenText, share: shareText },
        citation: source.citation,
        source_url: source.source_url ?? null,
        verified: verifiedOf(source),
        note: noteOf(source.notes, disputedNote(source), rule.note),
      });
    }
  }
  for (const entry of translated) if (!matched.has(entry)) fail(where, `the translation of "${entry.when}" / "${entry.share}" matches no case of the research file any more`);
  return cases;
}

function compileRepresentation(representation, translation, where) {
  const given = translation.representation;
  if (representation.method === null || representation.method === undefined) {
    if (!given) fail(where, `the representation method is not in the research file ("${representation.statutory_term}"): say which methods its words allow`);
    if (given.statutory_term !== representation.statutory_term) fail(where, 'the representation translation was written for another statutory term');
  } else if (given) fail(where, 'the research file now names the representation method: drop its translation');
  const methods = given ? given.methods : [representation.method];
  for (const method of methods) if (!Object.values(METHODS).includes(method)) fail(where, `unknown representation method ${method}`);
  return {
    methods,
    statutory_term: representation.statutory_term ?? null,
    citation: representation.citation ?? null,
    source_url: representation.source_url ?? null,
    verified: verifiedOf(representation),
    note: noteOf(representation.notes, disputedNote(representation), given?.note),
  };
}

function compileOrder(order, globalPhrases, translation, where) {
  const phrases = { ...globalPhrases, ...translation.order_phrases };
  for (const entry of Object.keys(translation.order_phrases ?? {})) if (!order.order.includes(entry)) fail(where, `the order phrase "${entry}" is not in its order any more`);
  const classes = [];
  for (const entry of order.order) {
    const translated = phrases[entry];
    if (translated === undefined) fail(where, `the order entry "${entry}" needs a translation in order_phrases`);
    for (const text of [translated].flat()) classes.push(parseClass(text, `${where} order "${entry}"`));
  }
  if (!order.complete && classes.at(-1)?.kind !== 'not_captured') {
    const gap = { kind: 'not_captured', description: `the research captured only the first classes (${order.order.filter((entry) => phrases[entry] !== 'state').join('; ')})` };
    const trailingState = classes.at(-1)?.kind === 'state';
    classes.splice(trailingState ? classes.length - 1 : classes.length, 0, gap);
  }
  return {
    classes,
    source: order.order,
    complete: order.complete,
    citation: order.citation ?? null,
    source_url: order.source_url ?? null,
    verified: verifiedOf(order),
    note: noteOf(order.notes, disputedNote(order), translation.order_note),
  };
}

function compileState(state, translations) {
  const where = state.code;
  const translation = translations.states[state.code] ?? {};
  const unsupported = translation.unsupported ?? null;
  return {
    code: state.code,
    name: state.name,
    rule_source: 'state',
    community_property: state.community_property,
    follows_upc_article_ii: state.follows_upc_article_ii,
    unsupported,
    spouse_cases: unsupported ? [] : compileSpouseCases(state, translation, where),
    representation: unsupported
      ? { methods: [], statutory_term: state.representation.statutory_term, citation: state.representation.citation, source_url: state.representation.source_url, verified: false, note: null }
      : compileRepresentation(state.representation, translation, where),
    order: unsupported
      ? { classes: [], source: state.order_after_spouse_and_descendants.order, complete: false, citation: null, source_url: null, verified: false, note: null }
      : compileOrder(state.order_after_spouse_and_descendants, translations.order_phrases, translation, where),
  };
}

/** The Uniform Probate Code baseline: a model act, not any state's law, so never verified. */
function compileUpc(upc, translations) {
  const note = 'The Uniform Probate Code baseline with its bracketed amounts: a model act, not the law of any state.';
  const state = {
    code: 'UPC',
    name: 'the Uniform Probate Code',
    community_property: false,
    follows_upc_article_ii: true,
    spouse_share: upc.section_2_102_spouse_share.map((rule) => ({
      ...rule,
      applies_to: 'all',
      citation: upc.section_2_102_citation,
      source_url: upc.section_2_102_source_url,
      confidence: upc.section_2_102_confidence,
    })),
    representation: { ...upc.section_2_106_representation, statutory_term: 'per capita at each generation' },
    order_after_spouse_and_descendants: { ...upc.section_2_103_order, complete: true },
  };
  const compiled = { ...compileState(state, translations), rule_source: 'upc_default' };
  for (const spouseCase of compiled.spouse_cases) Object.assign(spouseCase, { verified: false, note: noteOf(spouseCase.note, note) });
  Object.assign(compiled.representation, { verified: false });
  Object.assign(compiled.order, { verified: false, note: noteOf(compiled.order.note, note) });
  return compiled;
}

/** JSON with each value on one line when it fits in 120 columns: the rules stay readable and reviewable in a diff. */
function formatJson(value, indent = '') {
  const compact = JSON.stringify(value);
  if (typeof value !== 'object' || value === null || indent.length + compact.length <= 120) return compact;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + formatJson(item, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

function main() {
  const sourcePath = process.argv[2] ?? DEFAULT_SOURCE;
  const source = JSON.parse(readFileSync(sourcePath, 'utf8'));
  const translations = JSON.parse(readFileSync(TRANSLATIONS, 'utf8'));
  const codes = new Set(source.states.map((state) => state.code));
  for (const code of Object.keys(translations.states)) if (!codes.has(code)) fail(code, 'is translated but not in the research file');
  const used = new Set([...source.states.flatMap((state) => state.order_after_spouse_and_descendants.order), ...source.upc.section_2_103_order.order]);
  for (const phrase of Object.keys(translations.order_phrases)) if (!used.has(phrase)) fail('order_phrases', `"${phrase}" is in no order of the research file any more`);

  const rules = {
    $comment:
      'Generated by scripts/reference/compile-intestacy.js from the research file state-intestacy.json and scripts/reference/intestacy-translations.json; do not edit by hand. The rule language is described in docs/heirship-rules.md.',
    dataset: source.dataset ?? null,
    compiled: source.compiled,
    states: source.states.map((state) => compileState(state, translations)),
    upc_default: compileUpc(source.upc, translations),
  };
  writeFileSync(OUTPUT, `${formatJson(rules)}\n`);
  const unsupported = rules.states.filter((state) => state.unsupported).map((state) => state.code);
  const notComputable = rules.states.filter((state) => state.spouse_cases.some((spouseCase) => spouseCase.share.kind === 'not_computable')).map((state) => state.code);
  console.log(`wrote ${OUTPUT.slice(ROOT.length + 1)}: ${rules.states.length} states and the UPC baseline`);
  console.log(`  unsupported: ${unsupported.join(', ') || 'none'}; some spouse shares not computable: ${notComputable.join(', ') || 'none'}`);
}

try {
  main();
} catch (error) {
  if (!(error instanceof CompileError)) throw error;
  console.error(`compile-intestacy: ${error.message}`);
  process.exit(1);
}
