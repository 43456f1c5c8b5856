/**
 * The contexts rule of `npm run arch` (scripts/check-contexts.js) on small in-memory graphs, as dependency-cruiser
 * reports them: it must catch a cycle between contexts that no single file closes, a reach past a context's index.ts
 * and a framework reached from domain code, and let through what the house allows.
 */
interface Module {
  source: string;
  dependencies: { resolved: string }[];
}
const { contextFindings } = require('../scripts/check-contexts') as {
  contextFindings(modules: Module[]): { problems: string[]; graph: Map<string, Set<string>>; byFace: { index: number; other: number } };
};

const file = (source: string, ...resolved: string[]): Module => ({ source, dependencies: resolved.map((path) => ({ resolved: path })) });

describe('architecture: the contexts as a whole', () => {
  it('reports two contexts that import each other through different files, naming a file of each direction', () => {
    const { problems } = contextFindings([
      file('libs/accounting/src/accounting.module.ts', 'libs/assets/src/index.ts'),
      file('libs/assets/src/domain/transaction.ts', 'libs/accounting/src/index.ts'),
      file('libs/assets/src/index.ts'),
      file('libs/accounting/src/index.ts'),
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^the contexts accounting, assets depend on each other: accounting->assets \(libs\/accounting\/src\/accounting\.module\.ts\); assets->accounting \(libs\/assets\/src\/domain\/transaction\.ts\)/),
    ]);
  });

  it('reports a cycle of three contexts, and none when the dependencies run one way', () => {
    const faces = ['court', 'closing', 'discovery'].map((context) => file(`libs/${context}/src/index.ts`));
    const cyclic = contextFindings([
      ...faces,
      file('libs/closing/src/a.ts', 'libs/court/src/index.ts'),
      file('libs/court/src/b.ts', 'libs/discovery/src/index.ts'),
      file('libs/discovery/src/c.ts', 'libs/closing/src/index.ts'),
    ]);
    expect(cyclic.problems).toEqual([expect.stringContaining('the contexts closing, court, discovery depend on each other')]);
    const oneWay = contextFindings([...faces, file('libs/closing/src/a.ts', 'libs/court/src/index.ts'), file('libs/discovery/src/c.ts', 'libs/closing/src/index.ts')]);
    expect(oneWay.problems).toEqual([]);
    expect([...oneWay.graph.get('discovery')!]).toEqual(['closing']);
  });

  it('reports an import past another context’s index.ts, from a context and from a test, and counts imports by face', () => {
    const { problems, byFace } = contextFindings([
      file('libs/transfers/src/application/pay.ts', 'libs/assets/src/ports.ts', 'libs/assets/src/index.ts'),
      file('test/assets.e2e-spec.ts', 'libs/assets/src/resources/vehicle.resource.ts', 'libs/assets/src/index.ts'),
      file('libs/assets/src/index.ts'),
    ]);
    expect(problems).toEqual([
      expect.stringContaining('libs/transfers/src/application/pay.ts reaches into libs/assets/src/ports.ts'),
      expect.stringContaining('test/assets.e2e-spec.ts reaches into libs/assets/src/resources/vehicle.resource.ts'),
    ]);
    expect(byFace).toEqual({ index: 1, other: 1 });
  });

  it('reports domain code that reaches Nest through its own files or the kernel, not through another context’s face', () => {
    const { problems } = contextFindings([
      file('libs/accounting/src/domain/ledger.ts', 'libs/accounting/src/domain/helper.ts', 'libs/assets/src/index.ts'),
      file('libs/accounting/src/domain/helper.ts', 'libs/shared-kernel/src/index.ts'),
      file('libs/shared-kernel/src/index.ts', 'node_modules/@nestjs/common/index.js'),
      file('libs/assets/src/index.ts', 'node_modules/@mikro-orm/core/index.js'),
      file('libs/accounting/src/domain/pure.ts', 'libs/assets/src/index.ts', 'libs/shared-kernel/src/platform/domain/index.ts'),
      file('libs/shared-kernel/src/platform/domain/index.ts'),
    ]);
    expect(problems).toEqual([
      'libs/accounting/src/domain/ledger.ts reaches node_modules/@nestjs/common/index.js (through libs/shared-kernel/src/index.ts): ' +
        "domain code is framework-free: it imports its own domain and the kernel's face @estate/shared-kernel/domain",
      expect.stringContaining('libs/accounting/src/domain/helper.ts reaches node_modules/@nestjs/common/index.js'),
    ]);
  });

  it('reports a use case that reaches its own context’s controllers, not another context’s', () => {
    const { problems } = contextFindings([
      file('libs/assets/src/application/close.ts', 'libs/assets/src/resources/vehicle.resource.ts', 'libs/case/src/index.ts'),
      file('libs/assets/src/resources/vehicle.resource.ts', 'libs/assets/src/http/vehicle.dto.ts'),
      file('libs/case/src/index.ts', 'libs/case/src/http/case.controller.ts'),
    ]);
    expect(problems).toEqual([expect.stringContaining('libs/assets/src/application/close.ts reaches libs/assets/src/http/vehicle.dto.ts (through libs/assets/src/resources/vehicle.resource.ts)')]);
  });
});
