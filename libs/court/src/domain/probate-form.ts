/** The purposes of a form (contract-extensions §10.3): the filing types of §10.2 and `tax`. */
export const FORM_PURPOSES = ['petition', 'notice', 'inventory', 'accounting', 'motion', 'order', 'letters', 'bond', 'waiver', 'affidavit', 'caveat', 'claim', 'deed', 'other', 'tax'] as const;

/** One form of the shipped catalogue (`libs/court/reference-data/probate-forms.json`, §10.3). */
export interface ProbateForm {
  id: string;
  state: string;
  form_number: string;
  title: string;
  purpose: (typeof FORM_PURPOSES)[number];
  probate_types: string[];
  required: boolean;
  issuing_body: string;
  url: string;
  revision: string | null;
}

export interface ProbateFormsFile {
  version: string;
  sources: Array<{ covers: string; citation: string; url: string }>;
  forms: ProbateForm[];
}

/** A form's id: `{state}-{form_number}` in upper case, spaces → `-` (`CA-DE-111`, `US-SS-4`). */
export function formIdOf(state: string, formNumber: string): string {
  return `${state}-${formNumber}`.toUpperCase().replace(/ /g, '-');
}

/** Whether a case of `state` may use the form: a form of that state, or a federal one (`US`), §10.2. */
export function formServesState(form: Pick<ProbateForm, 'state'>, state: string): boolean {
  return form.state === 'US' || form.state === state;
}
