'use strict';
/**
 * Rules for a reference that stands alone, run by `npm run openapi:check` on the served document (and by
 * test/openapi.e2e-spec.ts): it cites none of our own documents (contract sections, specification route numbers),
 * shows no generator placeholder (`"string"`) in an example nor a field a viewer would fill with one, and names no
 * operation with a number to tell it from another (`listEvents2`). Legal citations (`UPC §3-706`,
 * `Cal. Prob. Code §8800(b)`) stay: they are the law the API applies.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** Words that, right before a `§`, make it a citation of our own documents whatever its number. */
const OWN_DOCUMENT_WORDS = /^(contract|contract-extensions|extensions|specification|spec|architecture)$/i;
/**
 * The shape of our documents' section numbers (`§8`, `§14.2`, `§14.4–§14.8`): one or two digits, dotted parts, and
 * nothing that a statute's number has (`§3-706`, `§8800(b)`, `§733.702`, `§6075`).
 */
const OWN_SECTION_NUMBER = /^\s?\d{1,2}(\.\d{1,2})*(?![\d(-])/;

/** Each place in `text` that cites one of our documents or the specification's route table, in a few words. */
function ownDocumentReferences(text) {
  const found = [];
  for (const match of text.matchAll(/§/g)) {
    const before = text.slice(0, match.index).trimEnd();
    const word = /([A-Za-z][A-Za-z.-]*)\W*$/.exec(before.slice(-40))?.[1];
    const ours = OWN_SECTION_NUMBER.test(text.slice(match.index + 1)) || (word !== undefined && OWN_DOCUMENT_WORDS.test(word.replace(/\.$/, '')));
    if (ours) found.push(text.slice(Math.max(0, match.index - 20), match.index + 12));
  }
  for (const pattern of [/specification route/gi, /\broute #\d+/gi, /`#\d+`/g, /\bthe specification\b/gi, /\bcontract-extensions\b/gi, /\bour contract\b/gi]) {
    for (const match of text.matchAll(pattern)) found.push(text.slice(Math.max(0, match.index - 20), match.index + match[0].length + 12));
  }
  return found;
}

/** Every string of the document with its JSON pointer-ish path. */
function* strings(node, at = '#') {
  if (typeof node === 'string') {
    yield [at, node];
  } else if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* strings(item, `${at}/${index}`);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      yield [`${at}/${key}#key`, key];
      yield* strings(value, `${at}/${key}`);
    }
  }
}

function referenceProblems(document) {
  const problems = [];
  for (const [at, text] of strings(document)) {
    for (const quote of ownDocumentReferences(text)) problems.push(`${at}: cites our own documents ("…${quote}…")`);
  }
  return problems;
}

/** Every `example`, `examples` value and `default` of the document, with where it sits. */
function* exampleValues(node, at = '#') {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* exampleValues(item, `${at}/${index}`);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'default') yield [`${at}/${key}`, value];
    else if (key === 'examples' && Array.isArray(value)) yield* value.map((item, index) => [`${at}/examples/${index}`, item]);
    else if (key === 'examples' && value && typeof value === 'object' && !('type' in value)) {
      for (const [name, example] of Object.entries(value)) yield [`${at}/examples/${name}`, example && typeof example === 'object' && 'value' in example ? example.value : example];
    }
    yield* exampleValues(value, `${at}/${key}`);
  }
}

function containsPlaceholder(value) {
  if (value === 'string') return true;
  if (Array.isArray(value)) return value.some(containsPlaceholder);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsPlaceholder);
  return false;
}

function operations(document) {
  const found = [];
  for (const [section, items] of [['paths', document.paths ?? {}], ['webhooks', document.webhooks ?? {}]]) {
    for (const [path, item] of Object.entries(items)) {
      for (const method of METHODS) if (item[method]) found.push({ where: `${section} ${method.toUpperCase()} ${path}`, operation: item[method] });
    }
  }
  return found;
}

function resolve(document, schema) {
  let node = schema;
  for (let depth = 0; node && typeof node.$ref === 'string' && depth < 20; depth += 1) {
    node = node.$ref.split('/').slice(1).reduce((at, part) => (at ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
  }
  return node ?? {};
}

/**
 * Leaves of the request and response schemas that a viewer (Swagger UI, Redoc) would show as `"string"` or `0`: a
 * field of type string, number or integer with no example, enum, const, format or default of its own.
 */
function fieldsWithoutExample(document) {
  const missing = new Set();
  const seen = new Set();
  const visit = (schema, at) => {
    if (!schema || typeof schema !== 'object') return;
    if (typeof schema.$ref === 'string') {
      if (seen.has(schema.$ref)) return;
      seen.add(schema.$ref);
      return visit(resolve(document, schema), schema.$ref.split('/').pop());
    }
    if (schema.example !== undefined || Array.isArray(schema.examples) || schema.enum || schema.const !== undefined || schema.default !== undefined) return;
    for (const key of ['allOf', 'anyOf', 'oneOf']) (schema[key] ?? []).forEach((member) => visit(member, at));
    if (schema.properties) for (const [name, property] of Object.entries(schema.properties)) visit(property, `${at}.${name}`);
    if (schema.items) visit(schema.items, `${at}[]`);
    const types = [].concat(schema.type ?? []).filter((type) => type !== 'null');
    if (types.some((type) => ['string', 'number', 'integer'].includes(type)) && !schema.format) missing.add(at);
  };
  for (const { where, operation } of operations(document)) {
    const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})];
    for (const body of bodies) for (const media of Object.values(body?.content ?? {})) if (!media.example && !media.examples) visit(media.schema, where);
  }
  return [...missing];
}

function placeholderProblems(document) {
  const problems = [];
  for (const [at, value] of exampleValues(document)) if (containsPlaceholder(value)) problems.push(`${at}: the placeholder "string" in an example`);
  for (const field of fieldsWithoutExample(document)) problems.push(`${field}: no example, enum or format (a viewer would show a placeholder)`);
  return problems;
}

function operationIdProblems(document) {
  const problems = [];
  const taken = new Map();
  for (const { where, operation } of operations(document)) {
    const id = operation.operationId;
    if (typeof id !== 'string') continue;
    if (/\d$/.test(id)) problems.push(`${where}: operationId "${id}" ends in a number, as a duplicate made unique would`);
    if (taken.has(id)) problems.push(`${where}: operationId "${id}" is also ${taken.get(id)}'s`);
    taken.set(id, where);
  }
  return problems;
}

/** Every problem of the document as a line; none when it stands alone. */
function referenceRuleProblems(document) {
  return [...referenceProblems(document), ...placeholderProblems(document), ...operationIdProblems(document)];
}

module.exports = { ownDocumentReferences, referenceRuleProblems, referenceProblems, placeholderProblems, operationIdProblems };
