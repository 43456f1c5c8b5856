/**
 * A balance of a bank account recorded by hand for one day (contract §12.3, `PUT …/balance-history/{date}`): it wins
 * over a statement's closing and the ledger's running balance for that day. Derived data: its writes tell no event.
 */
export class RecordedBalance {
  id: string;
  caseId: string;
  bankAccountId: string;
  date: string;
  balance: number;
  availableBalance: number | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  static record(id: string, caseId: string, bankAccountId: string, date: string, values: RecordedBalanceValues, now: Date): RecordedBalance {
    const point = new RecordedBalance();
    Object.assign(point, { id, caseId, bankAccountId, date, createdAt: now, updatedAt: now });
    point.balance = values.balance;
    point.availableBalance = values.availableBalance;
    return point;
  }

  /** A `PUT` of a day already recorded replaces its values; returns whether they changed. */
  replace(values: RecordedBalanceValues, now: Date): boolean {
    if (this.balance === values.balance && this.availableBalance === values.availableBalance) return false;
    this.balance = values.balance;
    this.availableBalance = values.availableBalance;
    this.updatedAt = now;
    return true;
  }
}

export interface RecordedBalanceValues {
  balance: number;
  availableBalance: number | null;
}
