import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { DateTimeField, EnumField, NestedField, RecordView, StringField } from '@estate/shared-kernel';
import { DISPUTE_LEVELS, ESTATE_VALUES, PROGRESS_STAGES } from '../../domain/case-vocabulary';
import { AuthorityBody } from './authority.dto';
import { DeceasedBody } from './deceased.dto';

/** `POST /v1/cases` (contract §3): the case's own fields, optionally the deceased and the authority in one go. */
export class CreateCaseBody {
  @StringField() onboarding_id?: string | null;
  @StringField() queue_assignment?: string | null;
  @StringField() flow_position?: string | null;
  @EnumField(ESTATE_VALUES) estate_value?: string | null;
  @EnumField(PROGRESS_STAGES) progress?: string | null;
  @EnumField(DISPUTE_LEVELS) possible_dispute?: string | null;
  @DateTimeField({ description: 'defaults to the moment the case is created' }) date_of_sign_up?: string | null;
  @DateTimeField() terms_accepted_at?: string | null;
  @NestedField(() => DeceasedBody) deceased?: DeceasedBody | null;
  @NestedField(() => AuthorityBody) authority?: AuthorityBody | null;
}

const WRITABLE_CASE_FIELDS = ['queue_assignment', 'flow_position', 'estate_value', 'progress', 'possible_dispute'] as const;

/** `#7` case body: the writable set. */
export class PatchCaseBody extends PartialType(PickType(CreateCaseBody, WRITABLE_CASE_FIELDS), { skipNullProperties: false }) {}

/** The fields of a case that the merged result of a patch must satisfy. */
export class CaseFieldsBody extends PickType(CreateCaseBody, [...WRITABLE_CASE_FIELDS, 'onboarding_id', 'date_of_sign_up', 'terms_accepted_at'] as const) {}

export class CaseView extends IntersectionType(RecordView, PickType(CreateCaseBody, [...WRITABLE_CASE_FIELDS, 'onboarding_id', 'date_of_sign_up', 'terms_accepted_at'] as const)) {
  @ApiProperty({ type: [String], description: 'search types still pending (empty until the searches context exists)' })
  pending_searches: string[];
}
