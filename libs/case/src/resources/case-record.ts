import { field, recordShape } from '@estate/shared-kernel';
import { CASE_ACCESS, DISPUTE_LEVELS, ESTATE_VALUES, PROGRESS_STAGES } from '../domain/case-vocabulary';
import { EstateCase } from '../domain/estate-case';
import { authorityResource } from './authority.resource';
import { deceasedResource } from './deceased.resource';

/**
 * The case (contract §3): the root of every estate, owned by one organization, keyed by an id of its own. Its fields
 * are declared once here: the table's schema, `POST /v1/cases`'s body (which may nest the deceased and the authority,
 * created as their own `PUT`s would), the merge patch of `#7` and the view come from this list. The onboarding and
 * sign-up facts are written once, on create. Its collection is `/v1/cases`; its list narrows by three of its fields and
 * by `access` (how the caller reaches the case, which the service reads from the caller's collaborations).
 */
export const caseRecord = recordShape({
  name: 'case',
  table: 'cases',
  key: 'own',
  path: 'cases',
  entity: EstateCase,
  fields: {
    organizationId: field.string({ hidden: true, max: 26, column: { nullable: false } }),
    onboardingId: field.string({ createOnly: true, description: 'Identifier of the onboarding that opened the case, in the calling system.', example: 'onb_2026_0042' }),
    queueAssignment: field.string({ description: 'Work queue the case is assigned to.', example: 'intake' }),
    flowPosition: field.string({ description: 'Where the case stands in the settlement flow.', example: 'collect_documents' }),
    estateValue: field.enum(ESTATE_VALUES, { description: 'Estimated value band of the estate.', example: '100k_to_500k', column: { length: 20 } }),
    progress: field.enum(PROGRESS_STAGES, { description: 'How far the family feels it has come.', example: 'just_started', column: { length: 20 } }),
    possibleDispute: field.enum(DISPUTE_LEVELS, { description: 'Whether a dispute among heirs is expected.', example: 'no_dispute_expected', column: { length: 30 } }),
    dateOfSignUp: field.dateTime({ createOnly: true, description: 'When the client signed up; defaults to the moment the case is created.', example: '2026-09-01T12:00:00.000Z' }),
    termsAcceptedAt: field.dateTime({ createOnly: true, description: 'When the client accepted the terms of service.', example: '2026-09-01T12:05:00.000Z' }),
    deceased: field.object(() => deceasedResource.body, { sentOnly: true, description: 'The person who died, created with the case (as `PUT …/deceased` would).' }),
    authority: field.object(() => authorityResource.body, { sentOnly: true, description: 'The authority to act, created with the case (as `PUT …/authority` would).' }),
    pendingSearches: field.stringArray({
      computed: true,
      description: 'Search types still pending (empty until the searches context exists).',
      example: [],
      view: { type: [String] },
    }),
    // A deleted case is a tombstone: gone from the API, kept so that audit records (transfers) keep their case.
    deletedAt: field.dateTime({ hidden: true }),
  },
  filters: { progress: PROGRESS_STAGES, estate_value: ESTATE_VALUES, possible_dispute: DISPUTE_LEVELS, access: CASE_ACCESS },
  sorts: ['created_at', 'updated_at'],
});
