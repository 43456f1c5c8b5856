import type { EntityManager } from '@mikro-orm/postgresql';

/** The state of a case's probate case (contract-extensions §10.1), read in the caller's transaction; null when it has none. */
export abstract class ProbateCaseStates {
  abstract stateOf(em: EntityManager, caseId: string): Promise<string | null>;
}
