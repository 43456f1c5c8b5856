import { matchesSafely, routeTableOf } from './route-table';

// The order an `Allow` header lists methods in; anything else follows alphabetically.
const LISTING_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The methods that the routes registered on `app` answer for `path` (Express's `req.path`), `HEAD` wherever `GET` is,
 * or `[]` when no route matches the path at all. Read from Express's own route table (`routeTableOf`), so every route
 * Nest (or anything else: the OpenAPI document, the docs page) registers is covered without a list to keep; each
 * route's own matchers are used, so the answer agrees with Express's routing (case, trailing slash) by construction.
 */
export function allowedMethods(app: unknown, path: string): string[] {
  const allowed = new Set<string>();
  for (const route of routeTableOf(app).routes) {
    if (route.matchers.some((matches) => matchesSafely(matches, path))) for (const method of route.methods) allowed.add(method);
  }
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort(byListingOrder);
}

function byListingOrder(a: string, b: string): number {
  const rank = (method: string) => {
    const index = LISTING_ORDER.indexOf(method);
    return index === -1 ? LISTING_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
