import { Injectable } from '@nestjs/common';
import { ProbateForms } from '../../application/ports/probate-forms.port';

/** `{state}-{form_number}` in upper case (contract-extensions §10.3: `CA-DE-111`, `US-SS-4`). */
const FORM_ID = /^[A-Z]{2}-[A-Z0-9-]+$/;

/**
 * The default `ProbateForms` until the §10.3 catalogue binds its own: a well-formed id whose prefix is the state's
 * code or `US`. It knows no form numbers, so it accepts a well-formed id the catalogue does not ship.
 */
@Injectable()
export class PrefixProbateForms extends ProbateForms {
  async exists(formId: string, state: string): Promise<boolean> {
    if (!FORM_ID.test(formId)) return false;
    const prefix = formId.slice(0, 2);
    return prefix === state || prefix === 'US';
  }
}
