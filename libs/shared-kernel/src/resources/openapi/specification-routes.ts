/**
 * A row of the specification's endpoint table (#1–#30), declared by the resource that serves it. It is code
 * metadata for the project's own route checks: the OpenAPI document a client reads never cites these numbers. Paths
 * are the specification's, without `/v1`.
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
