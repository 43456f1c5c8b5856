/**
 * Architecture rules (docs: shared/design/architecture.md, "Rules of the house"), checked by `npm run arch` and `.ci/run`.
 *
 * Paths are those dependency-cruiser reports: relative to the repository root, with the @estate/* aliases of
 * tsconfig.json resolved to the file they point at (`@estate/case` → `libs/case/src/index.ts`) and packages to their
 * file under node_modules. Type-only imports count too (`tsPreCompilationDeps`): a domain that imports a Nest type
 * still depends on Nest.
 */

/** The bounded contexts. The shared kernel is not one of them: every context may use it. */
const CONTEXTS = '(case|assets|court|closing|discovery|transfers|comms|webhooks|documents|verifications|people|accounting)';

/** Domain folders: each context's domain/, and the kernel's framework-free primitives (platform/domain/). */
const DOMAIN = '^libs/[^/]+/src/(platform/)?domain/';

/** The kernel's two floors (docs/decisions/0021-the-kernels-two-floors.md). */
const KERNEL = '^libs/shared-kernel/src/';

/**
 * The folders of each floor, bottom-up: a folder imports only folders listed before it (and the framework's folders
 * the platform's), so no import runs back up between them and there is no cycle between folders either.
 */
const PLATFORM_FOLDERS = [
  'config', 'clock', 'errors', 'masking', 'links', 'http', 'jobs', 'context', 'invalidation', 'auth', 'throttling', 'access',
  'transactions', 'events', 'persistence', 'idempotency', 'logging', 'health', 'domain', 'operator',
];
const RESOURCES_FOLDERS = ['naming', 'pagination', 'validation', 'merge-patch', 'http', 'conditional', 'openapi', 'events', 'fields'];

/** One rule per folder of a floor: it imports no folder listed after it. */
function kernelFloorOrder(floor, folders) {
  return folders.slice(0, -1).map((folder, index) => ({
    name: `kernel-${floor}-${folder}-imports-only-below`,
    comment:
      `${floor}/${folder} sits below ${folders.slice(index + 1).join(', ')} in the kernel's ${floor} floor ` +
      '(docs/decisions/0021-the-kernels-two-floors.md): it must not import them. Move the piece it needs down, or ' +
      'invert the dependency with a port.',
    severity: 'error',
    from: { path: `${KERNEL}${floor}/${folder}/` },
    to: { path: `${KERNEL}${floor}/(${folders.slice(index + 1).join('|')})/` },
  }));
}

/** Frameworks the domain must not know: Nest (HTTP, DI), MikroORM (persistence), Express (and its type packages). */
const FRAMEWORKS = [
  '(^|/)node_modules/@nestjs/',
  '(^|/)node_modules/@mikro-orm/',
  '(^|/)node_modules/(@types/)?express(-serve-static-core)?/',
  // Also when a package cannot be resolved (then the path is the bare module name).
  '^@nestjs/',
  '^@mikro-orm/',
  '^express(/|$)',
];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-framework-free',
      comment:
        'domain/ holds aggregates and rules that are unit-tested without infrastructure. It must not import Nest, ' +
        'MikroORM or Express (not even their types). Map entities in infrastructure/persistence with EntitySchema instead.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'domain-points-inward',
      comment:
        'Dependencies point inward: domain/ must not import application/, infrastructure/ or http/ (of its own or any ' +
        'other context). Needs from the outside are expressed as ports in application/ports and bound by the module.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: '^libs/[^/]+/src/(application|infrastructure|http)/' },
    },
    {
      name: 'context-only-through-public-api',
      comment:
        'A context reaches another only through its one face, the package alias @estate/<context> ' +
        '(libs/<context>/src/index.ts), never into its folders (docs/decisions/0069-dependencies-run-one-way.md).',
      severity: 'error',
      from: { path: `^libs/${CONTEXTS}/` },
      to: {
        path: `^libs/${CONTEXTS}/`,
        pathNot: [`^libs/$1/`, `^libs/${CONTEXTS}/src/index\\.ts$`],
      },
    },
    {
      name: 'context-index-only-through-alias',
      comment:
        "Another context's index.ts is imported by its alias (`@estate/assets`), " +
        "not by a relative path (`../../assets/src`), so the boundary stays visible in the import and in tsconfig's paths.",
      severity: 'error',
      from: { path: `^libs/${CONTEXTS}/` },
      to: {
        path: `^libs/${CONTEXTS}/src/index\\.ts$`,
        pathNot: '^libs/$1/',
        dependencyTypesNot: ['aliased-tsconfig-paths'],
      },
    },
    {
      name: 'shared-kernel-only-through-public-api',
      comment:
        'Contexts and the app use the shared kernel through @estate/shared-kernel (its index.ts), from domain code ' +
        '@estate/shared-kernel/domain (platform/domain/index.ts), or for the operator commands and start-up ' +
        '@estate/shared-kernel/operator (platform/operator/index.ts: no HTTP stack), never its folders, so ' +
        'the kernel can reorganise its insides freely.',
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: '^libs/shared-kernel/' },
      to: { path: '^libs/shared-kernel/', pathNot: '^libs/shared-kernel/src/(platform/(domain|operator)/)?index\\.ts$' },
    },
    {
      name: 'kernel-platform-knows-no-resource-framework',
      comment:
        "The kernel's platform (platform/: configuration, errors, clock, auth, rate limits, idempotency, transactions, " +
        'events and their outbox, cache invalidation, jobs, logging, health) is what any code needs; the resource ' +
        'framework (resources/: declarations, routes, reader, writer, pagination, validation, OpenAPI …) is built on it. ' +
        'The platform imports nothing of the framework: where it needs something of it, it states a port ' +
        '(WriteReplyPresenter) that the kernel module binds to the framework.',
      severity: 'error',
      from: { path: `${KERNEL}platform/` },
      to: { path: `${KERNEL}resources/` },
    },
    {
      name: 'kernel-floors-not-through-the-kernel-root',
      comment:
        "Neither floor imports the kernel's root (index.ts, shared-kernel.module.ts): the root composes both floors, so " +
        'importing it from below would run back up and close a cycle.',
      severity: 'error',
      from: { path: `${KERNEL}(platform|resources)/` },
      to: { path: `${KERNEL}[^/]+\\.ts$` },
    },
    {
      name: 'kernel-framework-subfolders-below-its-root',
      comment:
        "resources/'s own files (the declaration, the generated controller, reader, writer, serializer, catalog) are the " +
        'top of the framework floor; its folders (pagination, validation, merge-patch, conditional, openapi, http, ' +
        'events, naming) are the parts those files are built from and do not import them back.',
      severity: 'error',
      from: { path: `${KERNEL}resources/[^/]+/` },
      to: { path: `${KERNEL}resources/[^/]+\\.ts$` },
    },
    ...kernelFloorOrder('platform', PLATFORM_FOLDERS),
    ...kernelFloorOrder('resources', RESOURCES_FOLDERS),
    {
      name: 'kernel-folder-has-its-place',
      comment:
        "Every folder of the kernel's floors is listed, bottom-up, in PLATFORM_FOLDERS or RESOURCES_FOLDERS at the top of " +
        'this file: a new folder is placed there, which decides what it may import.',
      severity: 'error',
      from: {
        path: `${KERNEL}(platform|resources)/[^/]+/`,
        pathNot: `${KERNEL}(platform/(${PLATFORM_FOLDERS.join('|')})|resources/(${RESOURCES_FOLDERS.join('|')}))/`,
      },
      to: {},
    },
    {
      name: 'app-uses-contexts-through-public-api',
      comment: 'apps/api wires contexts through their @estate/<context> aliases only, like any other consumer.',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: `^libs/${CONTEXTS}/`, pathNot: `^libs/${CONTEXTS}/src/index\\.ts$` },
    },
    {
      name: 'shared-kernel-knows-no-context',
      comment:
        'The shared kernel is what every context uses; it must not import any context (a context plugs into the ' +
        'kernel through a port such as CaseOwnership, bound in the context module).',
      severity: 'error',
      from: { path: '^libs/shared-kernel/' },
      to: { path: `^libs/${CONTEXTS}/` },
    },
    {
      name: 'no-cycles-between-contexts',
      comment:
        'No import cycle between contexts: transfers may read from assets; assets learns of transfers only through a ' +
        'port or a domain event. (Reported separately from no-cycles because it is an architectural break, not just ' +
        'a tangle inside one context.)',
      severity: 'error',
      from: { path: `^libs/${CONTEXTS}/` },
      to: { circular: true, viaSomeNot: '^libs/$1/' },
    },
    {
      name: 'no-cycles',
      comment:
        'No import cycles at all, inside a context either: a cycle means two modules cannot be understood (or ' +
        'initialised: Nest DI and class decorators see `undefined`) one without the other. Invert one dependency.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'application-does-not-know-http',
      comment:
        'application/ (use cases) must not import http/ (controllers, DTOs, presenters): use cases are called by ' +
        'controllers, the CLI and the worker alike, and take plain input.',
      severity: 'error',
      from: { path: '^libs/[^/]+/src/application/' },
      to: { path: '^libs/[^/]+/src/http/' },
    },
    {
      name: 'application-does-not-import-infrastructure',
      comment:
        'application/ (use cases and their ports) must not import infrastructure/ (adapters, ORM schemas, SQL) of its own ' +
        'or any context: a use case states what it needs as a port (an abstract class in application/) and the ' +
        "context's module binds the adapter. Resource declarations (resources/) are reached through a port too.",
      severity: 'error',
      from: { path: '^libs/[^/]+/src/application/' },
      to: { path: '^libs/[^/]+/src/infrastructure/' },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import must resolve (a misspelt @estate/* alias would otherwise slip past the boundary rules above).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph (rule domain-is-framework-free needs them) but are not cruised further.
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
