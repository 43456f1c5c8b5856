/**
 * A row of the specification's endpoint table (#1–#30), declared by the resource that serves it: the OpenAPI
 * document cites a route's number in its description ("Specification route #9.") wherever an operation is one of
 * these, and the project's own route checks find them here. Paths are the specification's, without `/v1`.
 */
export interface SpecificationRoute {
  number: number;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
}

/** `/v1/cases/{case_id}/persons/{person_id}` and `/cases/{case_id}/persons/{id}` both read `/cases/{}/persons/{}`. */
function pathShape(path: string): string {
  return path.replace(/^\/v1(?=\/)/, '').replace(/\{[^}]*\}/g, '{}');
}

/** The specification route among `routes` that an operation implements, if any. */
export function specificationRouteOf(routes: readonly SpecificationRoute[], method: string, path: string): SpecificationRoute | undefined {
  const shape = pathShape(path);
  return routes.find((route) => route.method === method.toLowerCase() && pathShape(route.path) === shape);
}
