import { PartialType } from '@nestjs/swagger';
import { EnumArrayField, EnumField } from '@estate/shared-kernel';
import { AUTHORITY_LEVELS, AUTHORITY_TYPES } from '../../domain/case-vocabulary';

/** `#5` authority body; `level` and `types` are both required on PUT (contract §5). */
export class AuthorityBody {
  @EnumField(AUTHORITY_LEVELS, { required: true }) level: string;
  @EnumArrayField(AUTHORITY_TYPES, { required: true, minItems: 1 }) types: string[];
}

/** `#4`: a merge patch of the same fields. */
export class PatchAuthorityBody extends PartialType(AuthorityBody, { skipNullProperties: false }) {}

export class AuthorityView extends AuthorityBody {}
