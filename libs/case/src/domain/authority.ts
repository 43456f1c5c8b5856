import type { ErrorDetail } from '@estate/shared-kernel/domain';
import type { AuthorityLevel, AuthorityType } from './case-vocabulary';

/** The authority the requesting person claims over the estate: a verification level plus its basis types. */
export class Authority {
  caseId: string;
  level: AuthorityLevel;
  types: AuthorityType[];
  createdAt: Date;
  updatedAt: Date;
  version: number;

  /** Each basis counts once; a repeated type is a client mistake worth reporting, not silently merging. */
  static typesProblems(types: readonly string[]): ErrorDetail[] {
    return new Set(types).size === types.length ? [] : [{ field: 'types', message: 'types must not repeat a value', reason: 'rule' }];
  }
}
