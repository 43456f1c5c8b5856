import { METHODS } from 'node:http';

/** What this module reads of Express 5's router: its layers, and for a route layer its path matchers and methods. */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  matchers?: Array<(path: string) => unknown>;
}
interface RoutedApp {
  router?: { stack: RouterLayer[] };
}

interface RouteEntry {
  matchers: Array<(path: string) => unknown>;
  methods: string[];
}

const EVERY_METHOD = METHODS.map((method) => method.toLowerCase());
// The order an `Allow` header lists methods in; anything else follows alphabetically.
const LISTING_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const tables = new WeakMap<object, { layers: number; routes: RouteEntry[] }>();

/**
 * The methods that the routes registered on `app` answer for `path` (Express's `req.path`), `HEAD` wherever `GET` is,
 * or `[]` when no route matches the path at all. Read from Express's own route table, so every route Nest (or
 * anything else: the OpenAPI document, the docs page) registers is covered without a list to keep; each route's own
 * matchers are used, so the answer agrees with Express's routing (case, trailing slash) by construction.
 *
 * Routes that answer every method (`app.all`, which is how Nest mounts module middleware such as the request logger)
 * are left out: they match every path, and one that really handles a request never lets it reach the 404.
 */
export function allowedMethods(app: unknown, path: string): string[] {
  const allowed = new Set<string>();
  for (const route of routeTableOf(app)) {
    if (route.matchers.some((matches) => matchesSafely(matches, path))) for (const method of route.methods) allowed.add(method);
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort(byListingOrder);
}

/** Built once from the router's stack after start-up, and again only if routes were added since. */
function routeTableOf(app: unknown): RouteEntry[] {
  const stack = (app as RoutedApp | undefined)?.router?.stack;
  if (!Array.isArray(stack)) return [];
  const cached = tables.get(stack);
  if (cached && cached.layers === stack.length) return cached.routes;
  const routes: RouteEntry[] = [];
  for (const layer of stack) {
    if (!layer.route || !Array.isArray(layer.matchers)) continue;
    const methods = Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]);
    if (methods.includes('_all') || EVERY_METHOD.every((method) => methods.includes(method))) continue;
    routes.push({ matchers: layer.matchers, methods: methods.map((method) => method.toUpperCase()) });
  }
  tables.set(stack, { layers: stack.length, routes });
  return routes;
}

function matchesSafely(matches: (path: string) => unknown, path: string): boolean {
  try {
    return Boolean(matches(path));
  } catch {
    // A parameter that does not decode (`%FF`) is refused before routing; here it just does not match.
    return false;
  }
}

function byListingOrder(a: string, b: string): number {
  const rank = (method: string) => {
    const index = LISTING_ORDER.indexOf(method);
    return index === -1 ? LISTING_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
