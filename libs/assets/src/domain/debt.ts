import type { DebtCondition, DebtType } from './debt-vocabulary';

/** What the inventory and the court accounting read of a debt of the deceased (the record has more: its declaration). */
export interface DebtFacts {
  id: string;
  debtType: DebtType;
  creditorName: string;
  /** Full number in memory, encrypted at rest, masked in every response. */
  accountNumber: string | null;
  condition: DebtCondition | null;
  balance: number | null;
  createdAt: Date;
}
