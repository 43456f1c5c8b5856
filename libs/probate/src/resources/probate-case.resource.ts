import { ConflictError, singletonResource } from '@estate/shared-kernel';
import { ProbateCase, ProbateJurisdictions, ShippedCounty } from '../domain/probate-case';
import { PatchProbateCaseBody, ProbateCaseBody, ProbateCaseView } from '../http/dto/probate-case.dto';
import { ProbateCaseSchema } from '../infrastructure/persistence/probate-court.schemas';
import { filingResource } from './filing.resource';
import { jurisdictionRules } from '../infrastructure/reference-data/jurisdiction-rules.loader';

/** The states and counties of the committed reference data (§10.4), validated at start-up. */
function jurisdictions(): ProbateJurisdictions {
  const rules = jurisdictionRules();
  return { states: rules.states, counties: rules.counties as ShippedCounty[] };
}

/**
 * The probate case (contract-extensions §10.1): one per case, created by the first `PUT`, replaced by the next (which
 * obeys the moves), merged by `PATCH`, deleted while it has no filing. Its `state`, `probate_type` and `county_fips`
 * are checked against the reference data (§10.4), which also fills the county's name and court.
 */
export const probateCaseResource = singletonResource<ProbateCase>({
  name: 'probate_case',
  path: 'probate',
  schema: ProbateCaseSchema,
  body: ProbateCaseBody,
  patch: PatchProbateCaseBody,
  view: ProbateCaseView,
  deletable: true,
  statusChanged: true,
  tag: 'probate',
  describe: {
    read: 'The probate case: the court proceeding of this case. 404 while the case has none.',
    replace:
      'Creates the probate case (201) or replaces it whole (200). `state` and `probate_type` are required (the type must be one the state has); ' +
      '`status` defaults to `not_filed`, and a replacing PUT obeys the status moves (any other move is 422 on `status`). ' +
      "Once `county_fips` is set, a null `county_name`, `court_name` or `court_address` is filled from the reference data.",
    patch: 'JSON Merge Patch of the writable fields; the rules of `PUT` hold for the merged record, and a status moves only as the list allows.',
    delete: 'Deletes the probate case; 409 invalid_state while the case has any filing. 404 while the case has none.',
  },
  rules: async (document, { today, em, caseId }) => {
    const current = await em.findOne(ProbateCaseSchema, { caseId });
    return ProbateCase.problems(document, current?.status ?? null, today, jurisdictions());
  },
  // A patch that moves the county without naming its name, court and address lets the new county fill them.
  mergedPatch: (merged, patch, stored) => ProbateCase.followCounty(merged, patch, stored),
  derive: (probate) => {
    probate.status ??= 'not_filed';
    probate.willAdmitted ??= false;
    ProbateCase.fillFromCounty(probate, jurisdictions());
  },
  deleteRule: async ({ em, caseId }) => {
    const filings = await em.count(filingResource.schema, { caseId });
    if (filings > 0) {
      throw new ConflictError('invalid_state', `The probate case has ${filings} filing${filings === 1 ? '' : 's'}; it cannot be deleted while it has any.`);
    }
  },
});
