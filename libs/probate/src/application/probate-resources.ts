import type { CaseResource } from '@estate/shared-kernel';
import type { ClosureStep } from '../domain/closure-step';
import type { CreditorClaim } from '../domain/creditor-claim';
import type { ProbateDeadline } from '../domain/probate-deadline';
import type { Search } from '../domain/search';

/**
 * The probate declarations as the use cases see them, bound by the module. The declarations name their use cases,
 * so the use cases may not import the declarations back (no import cycle); a declaration's `create` body is also
 * what a merged patch is validated against.
 */
export abstract class ProbateResources {
  abstract readonly deadlines: CaseResource<ProbateDeadline>;
  abstract readonly claims: CaseResource<CreditorClaim>;
  abstract readonly closureSteps: CaseResource<ClosureStep>;
  abstract readonly searches: CaseResource<Search>;
}
