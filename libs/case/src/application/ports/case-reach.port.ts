/** Whether a user can reach a case, answered by the context that knows its people (members, collaborators, guests). */
export type CaseReachReader = (caseId: string, userId: string) => Promise<boolean>;

/**
 * Who may be named on a record of the case as a person with access to it (a goal's `assigned_to`, contract-extensions
 * §12.8): a user who can reach the case under §13.1. The rule is the people context's (its members and roles, the
 * case's collaborators and guests); it registers its reader here in its module's `onModuleInit` (`answerWith`), so
 * the case context never imports it. The reader runs on the connection the caller holds (its transaction's).
 */
export abstract class CaseReach {
  abstract answerWith(reader: CaseReachReader): void;
  abstract reaches(caseId: string, userId: string): Promise<boolean>;
}

/** The case context's side of the port: the registered reader; asking before one is registered is a wiring fault. */
export class RegisteredCaseReach extends CaseReach {
  private reader?: CaseReachReader;

  answerWith(reader: CaseReachReader): void {
    this.reader = reader;
  }

  reaches(caseId: string, userId: string): Promise<boolean> {
    if (!this.reader) throw new Error('no context answers who can reach a case: the people module registers CaseReach.answerWith');
    return this.reader(caseId, userId);
  }
}
