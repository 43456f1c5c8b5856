import type { IdentityStatus } from '../../domain/case-vocabulary';

/** How the case's newest executor identity verification stands, as the context that keeps them answers it. */
export type ExecutorIdentitySource = (caseId: string) => Promise<IdentityStatus>;

/**
 * The executor's `identity_status` (contract-extensions §10.5) mirrors the newest identity verification of the
 * executor (§11.7), which the verifications context keeps. That context plugs in here, so the case context never
 * imports it: at start-up it names the source the executor record asks when it is written (`answerWith`), and inside
 * the transaction of every write of an executor verification it hands the executor record the new status (`show`).
 */
export abstract class ExecutorIdentity {
  abstract answerWith(source: ExecutorIdentitySource): void;

  /** Stores `status` on the case's executor record, if it has one; its ETag changes with it (no event: it is computed). */
  abstract show(caseId: string, status: IdentityStatus): Promise<void>;
}
