#!/usr/bin/env node
/**
 * `npm run openapi:check` (after `npm run build`): the OpenAPI document as an integrator meets it, checked without
 * starting anything external (no database, no server, no network):
 *   1. writes the document the app serves at /v1/openapi.json to a temporary directory (write-document.js);
 *   2. lints it with `@redocly/cli lint` and redocly.yaml (the recommended ruleset): any error fails;
 *   3. generates a typed client with openapi-typescript and compiles client-session.ts against it with
 *      `tsc --strict` (openapi-fetch): a document a generated client cannot use fails.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

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

function main() {
  const dir = mkdtempSync(join(tmpdir(), 'estate-openapi-'));
  const keep = process.env.OPENAPI_CHECK_KEEP === '1';
  try {
    const document = join(dir, 'openapi.json');
    run('write the OpenAPI document', process.execPath, [join(__dirname, 'write-document.js'), document]);
    const parsed = JSON.parse(readFileSync(document, 'utf8'));
    console.log(`${Object.keys(parsed.paths).length} paths, ${Object.keys(parsed.components.schemas).length} schemas -> ${document}`);

    run('redocly lint (recommended ruleset, redocly.yaml)', bin('redocly'), ['lint', '--config', join(root, 'redocly.yaml'), document]);

    const schema = join(dir, 'schema.d.ts');
    run('openapi-typescript', bin('openapi-typescript'), [document, '--output', schema, '--redocly', join(root, 'redocly.yaml')]);

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
