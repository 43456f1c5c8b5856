#!/usr/bin/env node
/**
 * Architecture check (part of `npm run arch`): our code uses libraries through their public APIs only — no internal
 * file of a package, no private member (scripts/public-apis.js says what exactly, and why). Lists every finding as
 * file:line and exits 1 when there is one.
 */
'use strict';
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join, relative, sep } = require('node:path');
const { publicApiFindings } = require('./public-apis');

const root = join(__dirname, '..');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(path);
    } else if (/\.(ts|js)$/.test(entry.name)) yield path;
  }
}

/** The installed package's package.json, as Node would find it from our sources (the root node_modules). */
const packageJsons = new Map();
function packageJsonOf(name) {
  if (!packageJsons.has(name)) {
    const path = join(root, 'node_modules', name, 'package.json');
    packageJsons.set(name, existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
  }
  return packageJsons.get(name);
}

/** Files the rule does not read: its own lists (they name what they refuse). */
const NOT_READ = new Set(['scripts/public-apis.js', 'scripts/check-public-apis.js']);

const problems = [];
for (const base of ['apps', 'libs', 'test', 'scripts', 'bench']) {
  for (const path of sourceFiles(join(root, base))) {
    const file = relative(root, path).split(sep).join('/');
    if (NOT_READ.has(file)) continue;
    for (const { line, problem } of publicApiFindings(file, readFileSync(path, 'utf8'), packageJsonOf)) problems.push(`${file}:${line}: ${problem}`);
  }
}

if (problems.length > 0) {
  process.stderr.write(`Libraries are used through their public APIs only (no internal file, no private member):\n${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('✔ libraries are used through their public APIs only\n');
