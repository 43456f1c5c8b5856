#!/usr/bin/env node
/**
 * `npm run openapi:check` (after `npm run build`): the OpenAPI document as an integrator meets it, checked without
 * starting anything external (no database, no server, no network):
 *   1. writes the document the app serves at /v1/openapi.json to a temporary directory (write-document.js);
 *   2. lints it with `@redocly/cli lint` and redocly.yaml (the recommended ruleset): any error fails;
 *   3. generates a typed client with openapi-typescript (client-types.js: binary data is a `Blob`) and compiles
 *      client-session.ts against it with `tsc --strict` (openapi-fetch): a document a generated client cannot use fails;
 *   4. the reference stands alone (reference-rules.js): no contract section or specification route number in the
 *      document, in a message the code sends or in the README; no `"string"` placeholder in an example, no field a
 *      viewer would show as one; no operation id made unique with a number.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const { ownDocumentReferences, referenceRuleProblems } = require('./reference-rules');

const root = resolve(__dirname, '../..');
const bin = (name) => join(root, 'node_modules/.bin', name);

function run(title, command, args, options = {}) {
  console.log(`\n--> ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: options.capture ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (options.capture) process.stdout.write(result.stdout ?? '');
  if (result.status !== 0) {
    if (options.capture) process.stderr.write(result.stderr ?? '');
    throw new Error(`${title} failed (exit ${result.status ?? result.signal})`);
  }
  return result;
}

/** The TypeScript sources whose strings reach clients (messages, OpenAPI decorators): specs and tests excluded. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|testing)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** String literals on code lines (comments are for us, strings for clients) that cite our own documents. */
function sourceReferenceProblems() {
  const problems = [];
  for (const file of [...sourceFiles(join(root, 'libs')), ...sourceFiles(join(root, 'apps'))]) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const [literal] of line.matchAll(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
          for (const quote of ownDocumentReferences(literal)) problems.push(`${file.slice(root.length + 1)}:${index + 1}: a string cites our own documents ("…${quote}…")`);
        }
      });
  }
  return problems;
}

function referenceChecks(parsed) {
  console.log('\n--> the reference stands alone (reference-rules.js)');
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const problems = [
    ...referenceRuleProblems(parsed),
    ...ownDocumentReferences(readme).map((quote) => `README.md: cites our own documents ("…${quote}…")`),
    ...sourceReferenceProblems(),
  ];
  problems.forEach((problem) => console.error(`  ${problem}`));
  if (problems.length > 0) throw new Error(`${problems.length} reference problem(s)`);
  console.log('no own-document citation, placeholder example or numbered operation id');
}

function main() {
  const dir = mkdtempSync(join(tmpdir(), 'estate-openapi-'));
  const keep = process.env.OPENAPI_CHECK_KEEP === '1';
  try {
    const document = join(dir, 'openapi.json');
    run('write the OpenAPI document', process.execPath, [join(__dirname, 'write-document.js'), document]);
    const parsed = JSON.parse(readFileSync(document, 'utf8'));
    console.log(`${Object.keys(parsed.paths).length} paths, ${Object.keys(parsed.components.schemas).length} schemas -> ${document}`);

    referenceChecks(parsed);

    run('redocly lint (recommended ruleset, redocly.yaml)', bin('redocly'), ['lint', '--config', join(root, 'redocly.yaml'), document]);

    const schema = join(dir, 'schema.d.ts');
    // openapi-typescript with the binary-as-Blob transform, as integrators generate (client-types.js).
    run('openapi-typescript (client-types.js)', process.execPath, [join(__dirname, 'client-types.js'), document, schema]);

    copyFileSync(join(__dirname, 'client-session.ts'), join(dir, 'client-session.ts'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            lib: ['ES2022', 'DOM'],
            module: 'ESNext',
            moduleResolution: 'Bundler',
            noUnusedLocals: true,
            skipLibCheck: false,
            types: [],
            baseUrl: '.',
            // The generated client lives in a temporary directory; its one import resolves to this checkout's copy.
            paths: { 'openapi-fetch': [join(root, 'node_modules/openapi-fetch')] },
          },
          files: ['client-session.ts', 'schema.d.ts'],
        },
        null,
        2,
      ),
    );
    run('tsc --strict: the scripted session against the generated client', bin('tsc'), ['-p', join(dir, 'tsconfig.json')]);
    console.log('\nopenapi:check passed: the document lints clean and a generated client compiles the session.');
  } finally {
    if (keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  console.error(`\nopenapi:check failed: ${error.message}`);
  process.exit(1);
}
