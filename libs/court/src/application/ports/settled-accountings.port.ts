/**
 * Whether a case has a settled accounting of this id (contract-extensions §16.10: a filing of type `accounting` may
 * name the account it files), in the running transaction.
 */
export type SettledAccountingFinder = (caseId: string, accountingId: string) => Promise<boolean>;

/**
 * The settled accountings a filing may name. They are the court accounting's, a context that reads the court (its
 * probate case and claims), so the court cannot ask it directly: the accounting context registers its finder in its
 * module's `onModuleInit` (`answerWith`). Until one is registered, no accounting exists and naming one is refused.
 */
export abstract class CaseSettledAccountings {
  abstract answerWith(finder: SettledAccountingFinder): void;
  abstract exists(caseId: string, accountingId: string): Promise<boolean>;
}
