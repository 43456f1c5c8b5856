/** A statement's closing balance at the end of its period (contract §11.2's `period_end`, `closing_balance`). */
export interface StatementClosing {
  periodEnd: string;
  closingBalance: number;
}

/** The closings of an account's statements whose period ended on or before `through`, oldest first. */
export type StatementClosingsReader = (caseId: string, accountId: string, through: string) => Promise<StatementClosing[]>;

/**
 * What a bank account's balance history (contract §12.3) reads of its statements: their closings, as data. Statements
 * are the documents context's (they rest on documents, and documents sit above assets), so assets states the need and
 * documents answers it, registering its reader in its module's `onModuleInit` (`answerWith`); assets never imports
 * documents. Statements without a `closing_balance` are left out. Until a reader is registered no account has any.
 */
export abstract class StatementClosings {
  abstract answerWith(reader: StatementClosingsReader): void;
  abstract closingsOf(caseId: string, accountId: string, through: string): Promise<StatementClosing[]>;
}
