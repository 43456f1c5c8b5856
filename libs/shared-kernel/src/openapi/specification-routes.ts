/**
 * The specification's endpoint table (#1–#30), as data: the OpenAPI document cites a route's number in its
 * description ("Specification route #9.") wherever an operation is one of these, so routes added later cite theirs
 * without anyone writing it by hand. Paths are the specification's, without `/v1`.
 */
export interface SpecificationRoute {
  number: number;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
}

export const SPECIFICATION_ROUTES: readonly SpecificationRoute[] = [
  { number: 1, method: 'get', path: '/cases/{case_id}/debts' },
  { number: 2, method: 'get', path: '/cases/{case_id}/debts/type/collections' },
  { number: 3, method: 'patch', path: '/cases/{case_id}/debts/{debt_id}' },
  { number: 4, method: 'patch', path: '/cases/{case_id}/authority' },
  { number: 5, method: 'put', path: '/cases/{case_id}/authority' },
  { number: 6, method: 'get', path: '/cases/{case_id}/deceased' },
  { number: 7, method: 'patch', path: '/cases/{case_id}' },
  { number: 8, method: 'delete', path: '/cases/{case_id}' },
  { number: 9, method: 'patch', path: '/cases/{case_id}/persons/{person_id}' },
  { number: 10, method: 'patch', path: '/cases/{case_id}/searches/{search_id}' },
  { number: 11, method: 'get', path: '/cases/{case_id}/institution-contacts' },
  { number: 12, method: 'patch', path: '/cases/{case_id}/institution-contacts/{contact_id}' },
  { number: 13, method: 'patch', path: '/cases/{case_id}/probate/creditor-claims/{claim_id}' },
  { number: 14, method: 'patch', path: '/cases/{case_id}/probate/deadlines/{deadline_id}' },
  { number: 15, method: 'patch', path: '/cases/{case_id}/closure/steps/{step_id}/sub-tasks/{sub_task_id}' },
  { number: 16, method: 'get', path: '/cases/{case_id}/bank-accounts' },
  { number: 17, method: 'patch', path: '/cases/{case_id}/bank-accounts/{account_id}/transactions/{transaction_id}' },
  { number: 18, method: 'get', path: '/cases/{case_id}/bank-accounts/{account_id}/recurring-payments' },
  { number: 19, method: 'get', path: '/cases/{case_id}/real-estate-valuations' },
  { number: 20, method: 'get', path: '/cases/{case_id}/vehicles' },
  { number: 21, method: 'get', path: '/cases/{case_id}/investment-accounts' },
  { number: 22, method: 'get', path: '/cases/{case_id}/retirement-accounts' },
  { number: 23, method: 'patch', path: '/cases/{case_id}/retirement-accounts/{account_id}' },
  { number: 24, method: 'patch', path: '/cases/{case_id}/life-insurance/{policy_id}' },
  { number: 25, method: 'get', path: '/cases/{case_id}/phone-calls/{call_id}' },
  { number: 26, method: 'get', path: '/cases/{case_id}/emails/{email_id}/receipt' },
  { number: 27, method: 'post', path: '/cases/{case_id}/transfers/{transfer_id}/cancel' },
  { number: 28, method: 'get', path: '/cases/{case_id}/transfers' },
  { number: 29, method: 'post', path: '/cases/{case_id}/transfers' },
  { number: 30, method: 'get', path: '/cases/{case_id}/transfers/{transfer_id}' },
];

/** `/v1/cases/{case_id}/persons/{person_id}` and `/cases/{case_id}/persons/{id}` both read `/cases/{}/persons/{}`. */
function pathShape(path: string): string {
  return path.replace(/^\/v1(?=\/)/, '').replace(/\{[^}]*\}/g, '{}');
}

/** The specification route an operation implements, if it is one of the table's. */
export function specificationRouteOf(method: string, path: string): SpecificationRoute | undefined {
  const shape = pathShape(path);
  return SPECIFICATION_ROUTES.find((route) => route.method === method.toLowerCase() && pathShape(route.path) === shape);
}
