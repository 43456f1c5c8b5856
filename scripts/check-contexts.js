/**
 * Architecture check (part of `npm run arch`): the contexts as a whole, which dependency-cruiser's per-file rules do
 * not see (docs/decisions/0069-dependencies-run-one-way.md).
 *
 * - Dependencies between contexts run one way: the graph whose nodes are the contexts and whose edges are their
 *   imports has no cycle, even when no single file closes one (a imports b in one file, b imports a in another).
 * - A context (and a test) reaches another only through its `index.ts`.
 * - A use case reaches no HTTP layer through its own context (through another context's face it may reach that
 *   context's module, which names its controllers: that is the composition, not a dependency of the use case).
 * - Domain code reaches no framework (Nest, MikroORM, Express) through its own context or the kernel: it imports its
 *   own domain, the kernel's framework-free face, and where it applies another context's published rules (the
 *   catalogue of asset kinds, the classification of a transaction), that context's face.
 *
 * Prints the contexts' graph and the count of cross-context imports by face; exits 1 on a finding.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const KERNEL = 'shared-kernel';

function cruise() {
  const bin = join(root, 'node_modules', '.bin', 'depcruise');
  const out = execFileSync(bin, ['apps', 'libs', 'test', '--config', '.dependency-cruiser.js', '--output-type', 'json', '--no-progress'], {
    cwd: root,
    maxBuffer: 512 * 1024 * 1024,
    encoding: 'utf8',
  });
  return JSON.parse(out).modules;
}

/** `libs/assets/src/…` → `assets`; the kernel, the app, tests and packages belong to no context. */
function contextOf(path) {
  const match = /^libs\/([^/]+)\//.exec(path);
  return match && match[1] !== KERNEL ? match[1] : undefined;
}

const isFace = (path) => /^libs\/[^/]+\/src\/index\.ts$/.test(path);

/** Nest, MikroORM and Express, as dependency-cruiser resolves them (or names them when it cannot). */
const FRAMEWORKS = /(^|\/)node_modules\/(@nestjs\/|@mikro-orm\/|(@types\/)?express(-serve-static-core)?\/)|^(@nestjs|@mikro-orm)\/|^express(\/|$)/;

/** Breadth-first through the file's own context and the kernel: the first import `forbidden` says it must not reach. */
function firstForbidden(source, forbidden, byModule) {
  const own = contextOf(source) ?? KERNEL;
  const seen = new Set([source]);
  const queue = [source];
  while (queue.length > 0) {
    const current = byModule.get(queue.shift());
    for (const dependency of current?.dependencies ?? []) {
      const target = dependency.resolved;
      if (seen.has(target)) continue;
      seen.add(target);
      const context = contextOf(target) ?? KERNEL;
      if (forbidden(target, context, own)) return { target, via: current.source };
      if (target.startsWith('libs/') && (context === own || context === KERNEL)) queue.push(target);
    }
  }
  return undefined;
}

/** Strongly connected components of more than one node (Tarjan), each a cycle between contexts. */
function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const indices = new Map();
  const lows = new Map();
  const cycles = [];
  function visit(node) {
    indices.set(node, index);
    lows.set(node, index);
    index += 1;
    stack.push(node);
    on.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lows.set(node, Math.min(lows.get(node), lows.get(next)));
      } else if (on.has(next)) lows.set(node, Math.min(lows.get(node), indices.get(next)));
    }
    if (lows.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        on.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

/** What the check finds in dependency-cruiser's modules: the problems, the graph of contexts, the imports by face. */
function contextFindings(modules) {
  const problems = [];
  const graph = new Map();
  const examples = new Map();
  const byFace = { index: 0, other: 0 };
  const byModule = new Map(modules.map((module) => [module.source, module]));

  for (const module of modules) {
    const from = contextOf(module.source);
    const fromTest = module.source.startsWith('test/');
    if (from && !graph.has(from)) graph.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = contextOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!isFace(dependency.resolved)) {
        problems.push(`${module.source} reaches into ${dependency.resolved}: another context is reached only through its index.ts (@estate/${to})`);
      }
      if (fromTest) continue;
      if (from) {
        byFace[isFace(dependency.resolved) ? 'index' : 'other'] += 1;
        graph.get(from).add(to);
        const edge = `${from}->${to}`;
        if (!examples.has(edge)) examples.set(edge, module.source);
      }
    }
  }

  for (const cycle of cyclesOf(graph)) {
    const edges = [...examples.keys()].filter((edge) => cycle.includes(edge.split('->')[0]) && cycle.includes(edge.split('->')[1]));
    problems.push(
      `the contexts ${cycle.join(', ')} depend on each other: ${edges.map((edge) => `${edge} (${examples.get(edge)})`).join('; ')}. ` +
        'Dependencies between contexts run one way: move the piece to the context it belongs to, or invert one with a port bound by the module.',
    );
  }

  // Walk each use case's and each domain file's imports through its own context and the kernel (not into another
  // context's face), looking for what it must not reach.
  const walks = [
    {
      from: /^libs\/[^/]+\/src\/application\//,
      forbidden: (target, context, own) => context === own && /^libs\/[^/]+\/src\/http\//.test(target),
      why: 'a use case takes plain input and reaches no controller or DTO',
    },
    {
      from: /^libs\/[^/]+\/src\/(platform\/)?domain\//,
      forbidden: (target) => FRAMEWORKS.test(target),
      why: "domain code is framework-free: it imports its own domain and the kernel's face @estate/shared-kernel/domain",
    },
  ];
  for (const walk of walks) {
    for (const module of modules.filter((candidate) => walk.from.test(candidate.source))) {
      const finding = firstForbidden(module.source, walk.forbidden, byModule);
      if (finding) problems.push(`${module.source} reaches ${finding.target} (through ${finding.via}): ${walk.why}`);
    }
  }

  return { problems, graph, byFace };
}

function main() {
  const { problems, graph, byFace } = contextFindings(cruise());
  const order = [...graph.keys()].sort();
  console.log(`contexts (${order.length}), each with what it imports:`);
  for (const context of order) console.log(`  ${context} → ${[...graph.get(context)].sort().join(', ') || '(none)'}`);
  console.log(`cross-context imports: ${byFace.index} through index.ts, ${byFace.other} through other files`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✘ ${problem}`);
    process.exit(1);
  }
  console.log('✔ no cycle between contexts; every context and test reaches another through its index.ts');
}

if (require.main === module) main();

module.exports = { contextFindings, cyclesOf };
