#!/usr/bin/env node
/**
 * Top frames of a `node --cpu-prof` profile by self time, as a Markdown table (those of docs/performance-history.md).
 *
 *   node bench/profile-top.js <file.cpuprofile> [count=25]
 *
 * Self time of a frame is the samples whose top of stack was that function; `(idle)` is the event loop waiting,
 * `(garbage collector)` and `(program)` are V8's own.
 */
'use strict';

const { readFileSync } = require('node:fs');
const { relative, resolve } = require('node:path');

const [file, countArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/profile-top.js <file.cpuprofile> [count]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const root = resolve(__dirname, '..');
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTicks = new Map();
for (const id of profile.samples) selfTicks.set(id, (selfTicks.get(id) ?? 0) + 1);

const frames = new Map();
for (const [id, ticks] of selfTicks) {
  const { callFrame } = byId.get(id);
  const where = callFrame.url ? `${relative(root, callFrame.url.replace('file://', ''))}:${callFrame.lineNumber + 1}` : '';
  const key = `${callFrame.functionName || '(anonymous)'}\t${where}`;
  frames.set(key, (frames.get(key) ?? 0) + ticks);
}
const total = profile.samples.length;
const rows = [...frames.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 25));
process.stdout.write('| self % | function | where |\n|---:|---|---|\n');
for (const [key, ticks] of rows) {
  const [name, where] = key.split('\t');
  process.stdout.write(`| ${((100 * ticks) / total).toFixed(1)} | \`${name}\` | ${where.replace(/^node_modules\//, '')} |\n`);
}

// Where the non-idle time goes, grouped by package (or "app" for the project's own code).
const groups = new Map();
let busy = 0;
for (const [id, ticks] of selfTicks) {
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === '(idle)') continue;
  busy += ticks;
  const url = callFrame.url.replace('file://', '');
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  const group = match ? match[1] : url.startsWith('node:') || url === '' ? callFrame.functionName.startsWith('(') ? callFrame.functionName : 'node internals' : 'app';
  groups.set(group, (groups.get(group) ?? 0) + ticks);
}
process.stdout.write(`\nbusy ${((100 * busy) / total).toFixed(1)} % of samples; by package (share of busy time):\n`);
for (const [group, ticks] of [...groups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  process.stdout.write(`  ${((100 * ticks) / busy).toFixed(1).padStart(5)} %  ${group}\n`);
}
