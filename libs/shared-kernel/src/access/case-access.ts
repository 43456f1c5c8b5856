import { SetMetadata } from '@nestjs/common';

/**
 * Port: which organization owns a case (undefined when it does not exist or was deleted). The case context binds
 * it; the kernel's guard uses it on every route with a `case_id`.
 */
export abstract class CaseOwnership {
  abstract organizationOf(caseId: string): Promise<string | undefined>;

  /**
   * Inside the current transaction, holds the case row until commit so that writes to one case run one at a time and
   * none lands on a case deleted meanwhile. False when the case no longer exists.
   */
  abstract holdForWrite(caseId: string): Promise<boolean>;
}

export type ForeignCaseAnswer = 'forbidden' | 'not_found';
export const FOREIGN_CASE_ANSWER = 'estate:foreign-case-answer';

/**
 * What a route answers for a case of another organization (contract §2): routes whose error list in the
 * specification has 403 say 'forbidden'; every other route, extensions included, 'not_found'.
 */
export const ForeignCase = (answer: ForeignCaseAnswer) => SetMetadata(FOREIGN_CASE_ANSWER, answer);
