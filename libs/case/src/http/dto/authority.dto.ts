import { PartialType } from '@nestjs/swagger';
import { EnumArrayField, EnumField } from '@estate/shared-kernel';
import { AUTHORITY_LEVELS, AUTHORITY_TYPES } from '../../domain/case-vocabulary';

/** `#5` authority body; `level` and `types` are both required on PUT (contract §5). */
export class AuthorityBody {
  @EnumField(AUTHORITY_LEVELS, { required: true, description: 'Level of authority to act; level_2 or higher allows instant transfers.', example: 'level_2' })
  level: string;

  @EnumArrayField(AUTHORITY_TYPES, { required: true, minItems: 1, description: 'What the authority rests on; at least one.', example: ['executor_in_will', 'named_in_probate'] })
  types: string[];
}

/** `#4`: a merge patch of the same fields. */
export class PatchAuthorityBody extends PartialType(AuthorityBody, { skipNullProperties: false }) {}

export class AuthorityView extends AuthorityBody {}
