import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { EnumField, RecordView, TextField } from '@estate/shared-kernel';
import { SEARCH_STATUSES, SEARCH_TYPES } from '../../domain/probate-vocabulary';

export class CreateSearchBody {
  @EnumField(SEARCH_TYPES, { required: true, description: 'What is searched for.', example: 'unclaimed_property' })
  type: string;

  @EnumField(SEARCH_STATUSES, { description: 'pending by default; moves only forward.', example: 'pending' })
  status?: string | null;

  @TextField({ description: 'What the search found.', example: 'Two dormant accounts held by the state treasurer.' })
  results_summary?: string | null;
}

/** `#10` search body: the results summary, and the status (only forward; completed stamps completed_at). */
export class PatchSearchBody extends PartialType(PickType(CreateSearchBody, ['results_summary', 'status'] as const), { skipNullProperties: false }) {}

export class SearchView extends IntersectionType(RecordView, CreateSearchBody) {
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the search reached completed.' })
  completed_at: string | null;
}
