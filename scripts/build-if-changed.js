#!/usr/bin/env node
/**
 * "Builds what it needs" (contract §9, issue 7): `npm start`, `npm run cli`, `npm run migrate`, `npm run worker`,
 * `npm test` and `npm run bench` call this instead of a full `nest build` every time.
 *
 * - Nothing built yet (or the compiler settings changed since the last full build): a full `nest build` — the same
 *   type-checked build as `npm run build`.
 * - Some source files newer than their output (edited, added, checked out): only those are compiled, each on its
 *   own with swc (the compiler the test suite already runs the code through), in a few hundred milliseconds.
 *   Type errors are then caught by `npm run typecheck` / `npm run build` (both run in `.ci/run`), not here.
 * - Nothing changed: nothing to do, in a few milliseconds.
 *
 * Messages go to standard error only: `npm run --silent cli -- … --json` must print exactly one line on stdout.
 * `--full` forces the full build.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');
const SOURCE_ROOTS = ['apps', 'libs'];
/** Changing one of these changes what every file compiles to: rebuild everything. */
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', '.swcrc'];
const STAMP = join(DIST, '.full-build-stamp');
/** Beyond this many changed files a full (type-checked) build is about as quick and checks more. */
const MAX_INCREMENTAL = 40;

function sourcesUnder(directory, found = []) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) sourcesUnder(path, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.testing.ts')) found.push(path);
  }
  return found;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function fullBuild(reason) {
  process.stderr.write(`build: ${reason}; running nest build\n`);
  const nest = join(ROOT, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
  const result = spawnSync(process.execPath, [nest, 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(DIST, { recursive: true });
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

function swcOptions() {
  const swcrc = JSON.parse(readFileSync(join(ROOT, '.swcrc'), 'utf8'));
  const { paths } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions;
  delete swcrc.$schema;
  return { ...swcrc, swcrc: false, sourceMaps: true, jsc: { ...swcrc.jsc, baseUrl: ROOT, paths } };
}

function compile(files) {
  const swc = require('@swc/core');
  const options = swcOptions();
  for (const file of files) {
    const out = join(DIST, relative(ROOT, file)).replace(/\.ts$/, '.js');
    const { code, map } = swc.transformFileSync(file, { ...options, filename: file, outputPath: out });
    mkdirSync(dirname(out), { recursive: true });
    const mapName = `${out.split('/').pop()}.map`;
    writeFileSync(out, `${code}\n//# sourceMappingURL=${mapName}\n`);
    if (map) writeFileSync(`${out}.map`, map);
  }
}

/**
 * Outputs whose source is gone (a file deleted or moved): removed, since the service gathers declarations,
 * controllers, schemas and migrations from its folders and must not find a file that no longer exists.
 */
function removeOrphans() {
  const orphans = [];
  const walk = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js') && !existsSync(join(ROOT, relative(DIST, path)).replace(/\.js$/, '.ts'))) orphans.push(path);
    }
  };
  for (const root of SOURCE_ROOTS) if (existsSync(join(DIST, root))) walk(join(DIST, root));
  for (const orphan of orphans) {
    rmSync(orphan, { force: true });
    rmSync(`${orphan}.map`, { force: true });
  }
  if (orphans.length > 0) process.stderr.write(`build: removed ${orphans.length} output(s) of deleted sources\n`);
}

function main() {
  const started = Date.now();
  if (existsSync(DIST)) removeOrphans();
  const stamp = mtime(STAMP);
  if (process.argv.includes('--full')) return fullBuild('--full');
  if (stamp === undefined) return fullBuild('no complete build in dist/ yet');
  const changedSetting = SETTINGS.find((name) => (mtime(join(ROOT, name)) ?? 0) > stamp);
  if (changedSetting) return fullBuild(`${changedSetting} changed`);

  const stale = SOURCE_ROOTS.flatMap((root) => (existsSync(join(ROOT, root)) ? sourcesUnder(join(ROOT, root)) : [])).filter((file) => {
    if (file.endsWith('.e2e-spec.ts')) return false;
    const built = mtime(join(DIST, relative(ROOT, file)).replace(/\.ts$/, '.js'));
    return built === undefined || (mtime(file) ?? 0) > built;
  });
  if (stale.length === 0) return;
  if (stale.length > MAX_INCREMENTAL) return fullBuild(`${stale.length} files changed`);
  compile(stale);
  process.stderr.write(`build: compiled ${stale.length} changed file(s) in ${Date.now() - started} ms (${stale.map((file) => relative(ROOT, file)).join(', ')})\n`);
}

main();
