import { AddressDto, ConflictError, field, NestedField, singletonResource } from '@estate/shared-kernel';
import { ProbateCase, ProbateJurisdictions, ShippedCounty } from '../domain/probate-case';
import { PROBATE_CASE_STATUSES, PROBATE_TYPES } from '../domain/probate-court-vocabulary';
import { PatchProbateAttorneyBody, ProbateAttorneyDto } from '../http/dto/probate-case.dto';
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
export const probateCaseResource = singletonResource({
  name: 'probate_case',
  path: 'probate',
  table: 'probate_cases',
  entity: ProbateCase,
  timestampsShown: true,
  fields: {
    state: field.string({
      required: true,
      min: 2,
      max: 2,
      pattern: /^[A-Z]{2}$/,
      patternMessage: '$property must be a two-letter USPS code in capitals, e.g. CA',
      description: 'USPS code of the state (or DC) whose court hears the case: one of `GET /v1/probate/states`.',
      example: 'CA',
    }),
    countyFips: field.string({
      max: 5,
      pattern: /^\d{5}$/,
      patternMessage: '$property must be 5 digits',
      description:
        "County FIPS code: one of the state's counties where the reference data ships them, else 5 digits starting with the state's FIPS code. " +
        'Once set, a null `county_name`, `court_name` or `court_address` is filled from the reference data.',
      example: '06037',
    }),
    countyName: field.string({ description: 'County name, without "County"; filled from the reference data when null.', example: 'Los Angeles' }),
    courtName: field.string({ description: "The court's name; filled from the county, or the state's court name pattern, when null.", example: 'Superior Court of California, County of Los Angeles' }),
    courtAddress: field.object(() => AddressDto, { description: "The court's address; filled from the county when null and known." }),
    caseNumber: field.string({ max: 100, description: "The court's case number; needed to open.", example: '26STPB01234' }),
    probateType: field.enum(PROBATE_TYPES, {
      required: true,
      description: 'Kind of proceeding; must be one the state has (`probate_types` of `GET /v1/probate/states/{state}`).',
      example: 'formal',
      column: { length: 20 },
    }),
    status: field.enum(PROBATE_CASE_STATUSES, {
      description:
        'not_filed (the default) → filed (needs filed_date) → open (needs case_number and opened_date) → closed (needs closed_date); filed or open → dismissed (needs closed_date); ' +
        'a small_estate case may go not_filed → closed. closed and dismissed are final; any other move is 422 on status.',
      example: 'filed',
      column: { length: 20, nullable: false },
    }),
    filedDate: field.date({ description: 'Day the petition was filed; not after today.', example: '2026-10-05' }),
    openedDate: field.date({ description: 'Day the court opened the case; not before filed_date, not after today.', example: '2026-10-20' }),
    closedDate: field.date({ description: 'Day the case was closed or dismissed; not before opened_date (or filed_date), not after today.', example: '2026-11-20' }),
    judgeName: field.string({ description: 'The judge or commissioner assigned.', example: 'Hon. Maria Chen' }),
    nextHearingDate: field.date({ description: 'Day of the next hearing.', example: '2027-01-12' }),
    hearingTime: field.string({
      min: 5,
      max: 5,
      pattern: /^([01]\d|2[0-3]):[0-5]\d$/,
      patternMessage: '$property must be a time of day as HH:MM, 24-hour, e.g. 08:30 or 13:45',
      description: 'Time of the next hearing, HH:MM on a 24-hour clock (the court’s local time).',
      example: '08:30',
    }),
    hearingDepartment: field.string({ max: 20, description: 'The department (courtroom) that hears it, as the court names it.', example: '11' }),
    willAdmitted: field.boolean({ description: 'Whether the court admitted the will; false when unset.', example: true }),
    estateValueAtFiling: field.money({ min: 0, description: 'Value of the estate stated in the petition.', example: 845000 }),
    attorney: field.object(() => ProbateAttorneyDto, {
      description: 'The attorney of record.',
      patch: NestedField(() => PatchProbateAttorneyBody, { description: 'The attorney of record (merged member by member, its address too).' }),
    }),
    notes: field.text({ description: 'Free-text notes.', example: 'Petition filed by the attorney through the e-filing portal.', column: { type: 'text', length: undefined } }),
  },
  deletable: true,
  statusChanged: true,
  tag: 'probate',
  examples: {
    replace: {
      example: { summary: 'the required fields', value: { state: 'CA', probate_type: 'formal' } },
      pleading: {
        summary: 'what a California pleading prints: the attorney block with its address, the hearing date, time and department',
        value: {
          state: 'CA',
          probate_type: 'formal',
          county_fips: '06037',
          case_number: '26STPB00123',
          next_hearing_date: '2027-01-12',
          hearing_time: '08:30',
          hearing_department: '11',
          attorney: {
            name: 'Dana Reyes',
            firm: 'Okafor & Reyes LLP',
            bar_number: '284117',
            email: 'dana.reyes@okaforreyes.example',
            phone: '+1 213 555 0172',
            address: { address1: '350 S Grand Ave', address2: 'Suite 2100', city: 'Los Angeles', state: 'CA', zip: '90071' },
          },
        },
      },
    },
    patch: {
      example: { summary: 'change one field', value: { state: 'CA' } },
      hearing: { summary: 'the hearing set: date, time (HH:MM, 24-hour) and department', value: { next_hearing_date: '2027-01-12', hearing_time: '08:30', hearing_department: '11' } },
      attorney_suite: { summary: "one line of the attorney's address (the others kept)", value: { attorney: { address: { address2: 'Suite 2200' } } } },
    },
  },
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
    const current = await em.findOne(ProbateCase, { caseId });
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
