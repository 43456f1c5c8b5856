import { METHODS } from 'node:http';

/** What this module reads of Express 5's router: its layers, and for a route layer its path, matchers and methods. */
interface RouterLayer {
  route?: { path?: unknown; methods: Record<string, boolean | undefined> };
  matchers?: Array<(path: string) => unknown>;
}
interface RoutedApp {
  router?: { stack: RouterLayer[] };
}

export interface RouteEntry {
  /** The route's path pattern as registered (`/v1/cases/:case_id`), when it is one string. */
  pattern?: string;
  matchers: Array<(path: string) => unknown>;
  methods: string[];
}

export interface RouteTable {
  layers: number;
  routes: RouteEntry[];
  /** Every literal segment of every pattern, lower-cased (`v1`, `cases`, `deadline-feeds`, `openapi.json`). */
  literals: Set<string>;
}

const EVERY_METHOD = METHODS.map((method) => method.toLowerCase());

const tables = new WeakMap<object, RouteTable>();

/**
 * The routes registered on `app`, read from Express's own route table (built once after start-up, and again only if
 * routes were added since). Routes that answer every method (`app.all`, which is how Nest mounts module middleware such
 * as the request logger) are left out: they match every path, and one that really handles a request never lets it
 * reach the 404.
 */
export function routeTableOf(app: unknown): RouteTable {
  const stack = (app as RoutedApp | undefined)?.router?.stack;
  if (!Array.isArray(stack)) return { layers: 0, routes: [], literals: new Set() };
  const cached = tables.get(stack);
  if (cached && cached.layers === stack.length) return cached;
  const routes: RouteEntry[] = [];
  const literals = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !Array.isArray(layer.matchers)) continue;
    const methods = Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]);
    if (methods.includes('_all') || EVERY_METHOD.every((method) => methods.includes(method))) continue;
    const pattern = typeof layer.route.path === 'string' ? layer.route.path : undefined;
    for (const segment of pattern?.split('/') ?? []) if (/^[\w.-]+$/.test(segment)) literals.add(segment.toLowerCase());
    routes.push({ pattern, matchers: layer.matchers, methods: methods.map((method) => method.toUpperCase()) });
  }
  const table = { layers: stack.length, routes, literals };
  tables.set(stack, table);
  return table;
}

export function matchesSafely(matches: (path: string) => unknown, path: string): boolean {
  try {
    return Boolean(matches(path));
  } catch {
    // A parameter that does not decode (`%FF`) is refused before routing; here it just does not match.
    return false;
  }
}

/**
 * What a log line may say of a request's path (issue 33: a `405` on a capability address logged its live token): the
 * pattern of a route that matches it, whatever the method (`/v1/deadline-feeds/:token`), else the path with every
 * segment that is no literal of any route withheld (`/v1/deadline-feeds/…`). A path can carry a credential (a calendar
 * or download token), an id or personal data, and it is logged whatever the status.
 */
export function loggablePath(app: unknown, path: string): string {
  const table = routeTableOf(app);
  for (const route of table.routes) {
    if (route.pattern !== undefined && route.matchers.some((matches) => matchesSafely(matches, path))) return route.pattern;
  }
  return path
    .split('/')
    .map((segment) => (segment === '' || table.literals.has(segment.toLowerCase()) ? segment : '…'))
    .join('/');
}
