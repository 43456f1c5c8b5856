/**
 * What `npm run arch` (check-public-apis.js) refuses in our sources: anything of a library that is not its public
 * API. A package's internal files and private members change in any release, patch ones included, without notice:
 * code that reaches them breaks on an upgrade nothing warned of (docs/decisions/0060-public-apis-only.md).
 *
 * `publicApiFindings` is pure: it reads one file's text with TypeScript's parser (so comments never count) and asks
 * `packageJsonOf(name)` for an installed package's package.json (`undefined` when it is not installed).
 */
'use strict';
const { isBuiltin } = require('node:module');
const ts = require('typescript');

/** For a package without an `exports` map: the folders a build or its sources live in, never its API. */
const INTERNAL_FOLDERS = ['dist/', 'cjs/', 'esm/', 'lib/', 'build/', 'types/', 'src/', 'internal/'];

/**
 * Entry points a package's own documentation names although they sit in such a folder: its public API all the same.
 */
const DOCUMENTED_ENTRIES = new Map([
  // Ajv's documentation: "JSON Schema draft 2020-12 … import Ajv2020 from 'ajv/dist/2020'" (ajv.js.org/json-schema.html).
  ['ajv/dist/2020', 'ajv'],
  // Ajv's documentation: "const standaloneCode = require("ajv/dist/standalone").default" (ajv.js.org/standalone.html).
  ['ajv/dist/standalone', 'ajv'],
  // pdf-parse's README names its index only, which runs a self-test reading a file we do not have when no module
  // required it (jest's modules have no parent): the library module the index re-exports is the one way to use it.
  ['pdf-parse/lib/pdf-parse.js', 'pdf-parse'],
]);

/** Internals that the rules above would let through (not under one of those folders) or that we once used. */
const INTERNAL_MODULES = [
  { part: '@nestjs/common/constants', what: "Nest's internal metadata keys" },
  { part: 'route-paramtypes', what: "Nest's internal route parameter types" },
  { part: 'class-transformer/cjs', what: "class-transformer's compiled internals" },
];

/** Private members, by whose they are (an identifier or a string naming one, as in `entity['__touched']`). */
const PRIVATE_MEMBERS = new Map([
  ...['__originalEntityData', '__touched', '__managed', '__helper', '__em', '__meta', '__data'].map((name) => [name, "a private member of MikroORM's entities"]),
  ['acquireConnection', "knex's private connection handling"],
  ['_transformMetadatas', "class-transformer's private metadata storage"],
]);

/** Public exports we must still not import, and why. */
const REFUSED_IMPORTS = [
  {
    module: 'class-transformer',
    names: ['Transform', 'Expose', 'Exclude'],
    why: "the kernel's body acceptor assumes DTOs never transform, rename or drop a value",
  },
  {
    module: '@nestjs/swagger',
    names: ['ApiQuery'],
    why: 'declare a query parameter with QueryParameter (@estate/shared-kernel): KnownQueryParametersGuard knows no other and answers 400 to it',
    // QueryParameter itself: it is ApiQuery plus the name the guard reads.
    except: 'libs/shared-kernel/src/platform/http/known-query-parameters.guard.ts',
  },
];

/** `@scope/name/sub/path` → `['@scope/name', 'sub/path']`; `name` → `['name', '']`. */
function splitSpecifier(specifier) {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  return [parts.slice(0, length).join('/'), parts.slice(length).join('/')];
}

/** Whether a package's `exports` map (Node's rules: exact keys, `*` patterns, `null` hides) exports `./<subpath>`. */
function exportsSubpath(exports, subpath) {
  const wanted = `./${subpath}`;
  const keys = exports && typeof exports === 'object' && !Array.isArray(exports) ? Object.keys(exports) : [];
  if (!keys.some((key) => key.startsWith('.'))) return false; // a string, or conditions only: just the root
  if (keys.includes(wanted)) return exports[wanted] !== null;
  const patterns = keys
    .filter((key) => key.includes('*'))
    .filter((key) => {
      const [before, after] = key.split('*');
      return wanted.length >= key.length - 1 && wanted.startsWith(before) && wanted.endsWith(after);
    })
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'));
  if (patterns.length > 0) return exports[patterns[0]] !== null;
  return keys.some((key) => key.endsWith('/') && wanted.startsWith(key) && exports[key] !== null);
}

/** What is wrong with importing `specifier`, or `undefined`. */
function specifierProblem(specifier, packageJsonOf) {
  const internal = INTERNAL_MODULES.find(({ part }) => specifier.includes(part));
  if (internal) return `imports '${specifier}', ${internal.what}`;
  if (/^[./]/.test(specifier) || specifier.startsWith('@estate/') || isBuiltin(specifier) || DOCUMENTED_ENTRIES.has(specifier)) return undefined;
  const [name, subpath] = splitSpecifier(specifier);
  const packageJson = subpath ? packageJsonOf(name) : undefined;
  if (!packageJson) return undefined; // the root of a package, or not installed (dependency-cruiser reports that)
  if (packageJson.exports !== undefined) {
    if (exportsSubpath(packageJson.exports, subpath)) return undefined;
    return `imports '${specifier}', a file ${name} does not export (only what its package.json's "exports" lists is public)`;
  }
  const folder = INTERNAL_FOLDERS.find((prefix) => subpath.startsWith(prefix));
  if (folder) return `imports '${specifier}', an internal file of ${name} (its ${folder} folder is not its API; use what '${name}' exports)`;
  return undefined;
}

/** The module a node imports or requires, if it is one of `import … from`, `export … from`, `require()`, `import()`. */
function importedSpecifier(node) {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier.text;
  if (ts.isExternalModuleReference(node) && ts.isStringLiteral(node.expression)) return node.expression.text;
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) return node.argument.literal.text;
  if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
    const callee = node.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) return node.arguments[0].text;
  }
  return undefined;
}

/** Problems with the names an `import { … } from` declaration takes. */
function refusedImportProblems(node, file) {
  if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) return [];
  const bindings = node.importClause?.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return [];
  const rule = REFUSED_IMPORTS.find(({ module, except }) => module === node.moduleSpecifier.text && except !== file);
  if (!rule) return [];
  return bindings.elements
    .map((element) => (element.propertyName ?? element.name).text)
    .filter((name) => rule.names.includes(name))
    .map((name) => `imports ${name} from '${rule.module}': ${rule.why}`);
}

/**
 * The findings of one file: `{ line, problem }`, `line` from 1. `file` is its path from the repository root, with `/`.
 */
function publicApiFindings(file, text, packageJsonOf) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings = [];
  const report = (node, problem) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (!findings.some((found) => found.line === line && found.problem === problem)) findings.push({ line, problem });
  };
  const visit = (node) => {
    const specifier = importedSpecifier(node);
    const problem = specifier === undefined ? undefined : specifierProblem(specifier, packageJsonOf);
    if (problem) report(node, problem);
    for (const refused of refusedImportProblems(node, file)) report(node, refused);
    if ((ts.isIdentifier(node) || ts.isStringLiteral(node)) && PRIVATE_MEMBERS.has(node.text)) report(node, `names ${node.text}, ${PRIVATE_MEMBERS.get(node.text)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

module.exports = { publicApiFindings, exportsSubpath };
