#!/usr/bin/env node
/**
 * Architecture check (part of `npm run arch`): every route below `cases/` names its case `:case_id`. The access
 * guard and the case lock key on that literal parameter, so a route written `cases/:id/…` would silently skip both.
 * The service also refuses to start with such a route (CaseRouteAudit) and handlers assert the guard ran; this check
 * finds the mistake before anything runs, in controller paths and resource declarations alike.
 */
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const MISNAMED = /cases\/:(?!case_id\b)[A-Za-z_]\w*/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) yield path;
  }
}

const problems = [];
for (const base of ['apps', 'libs']) {
  for (const file of sourceFiles(join(root, base))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(MISNAMED)) problems.push(`${relative(root, file)}:${index + 1}: ${match[0]} (name the case :case_id)`);
    });
  }
}

if (problems.length > 0) {
  process.stderr.write(`Routes below cases/ must name the case :case_id (access check and case lock):\n${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('✔ every route below cases/ names its case :case_id\n');
