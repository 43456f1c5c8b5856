/**
 * The probate forms catalogue (contract-extensions §10.3) as the filings read it: whether a form id names a form of a
 * state, or a federal (`US`) form. The module binds it to the shipped catalogue (`ProbateReference.formExists`).
 */
export abstract class ProbateForms {
  /** True when `formId` is a form of `state` or a federal form. */
  abstract exists(formId: string, state: string): Promise<boolean>;
}
