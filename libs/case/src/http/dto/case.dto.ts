import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { DateTimeField, EnumField, NestedField, RecordView, StringField } from '@estate/shared-kernel';
import { DISPUTE_LEVELS, ESTATE_VALUES, PROGRESS_STAGES } from '../../domain/case-vocabulary';
import { WRITABLE_CASE_FIELDS } from '../../domain/estate-case';
import { authorityResource } from '../../resources/authority.resource';
import { deceasedResource } from '../../resources/deceased.resource';

/** `POST /v1/cases` (contract §3): the case's own fields, optionally the deceased and the authority in one go. */
export class CreateCaseBody {
  @StringField({ description: 'Identifier of the onboarding that opened the case, in the calling system.', example: 'onb_2026_0042' })
  onboarding_id?: string | null;

  @StringField({ description: 'Work queue the case is assigned to.', example: 'intake' })
  queue_assignment?: string | null;

  @StringField({ description: 'Where the case stands in the settlement flow.', example: 'collect_documents' })
  flow_position?: string | null;

  @EnumField(ESTATE_VALUES, { description: 'Estimated value band of the estate.', example: '100k_to_500k' })
  estate_value?: string | null;

  @EnumField(PROGRESS_STAGES, { description: 'How far the family feels it has come.', example: 'just_started' })
  progress?: string | null;

  @EnumField(DISPUTE_LEVELS, { description: 'Whether a dispute among heirs is expected.', example: 'no_dispute_expected' })
  possible_dispute?: string | null;

  @DateTimeField({ description: 'When the client signed up; defaults to the moment the case is created.', example: '2026-09-01T12:00:00.000Z' })
  date_of_sign_up?: string | null;

  @DateTimeField({ description: 'When the client accepted the terms of service.', example: '2026-09-01T12:05:00.000Z' })
  terms_accepted_at?: string | null;

  @NestedField(() => deceasedResource.body, { description: 'The person who died, created with the case (as `PUT …/deceased` would).' })
  deceased?: Record<string, unknown> | null;

  @NestedField(() => authorityResource.body, { description: 'The authority to act, created with the case (as `PUT …/authority` would).' })
  authority?: Record<string, unknown> | null;
}


/** `#7` case body: the writable set. */
export class PatchCaseBody extends PartialType(PickType(CreateCaseBody, WRITABLE_CASE_FIELDS), { skipNullProperties: false }) {}


export class CaseView extends IntersectionType(RecordView, PickType(CreateCaseBody, [...WRITABLE_CASE_FIELDS, 'onboarding_id', 'date_of_sign_up', 'terms_accepted_at'] as const)) {
  @ApiProperty({ type: [String], description: 'Search types still pending (empty until the searches context exists).', example: [] })
  pending_searches: string[];
}
