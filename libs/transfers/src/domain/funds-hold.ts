import { bankingDaysAfter, newYorkDate, newYorkStartOf } from './banking-days';

/** How long settled money stays held before it is available (contract §8, "Money that can still come back"). */
export interface FundsHoldRule {
  /**
   * Test mode: the network reports every return it will make this long after it accepted the entry (the simulator's
   * return delay), so the hold lasts as long after settlement. Null for a real network: the banking-day window applies.
   */
  returnWindowMs: number | null;
  /** `TRANSFER_FUNDS_HOLD_BANKING_DAYS`: the banking days after settlement a return may still come in (R01: two). */
  bankingDays: number;
}

/**
 * When a settled transfer's money becomes available in the estate account. With a real network, at the start (New
 * York midnight) of the `bankingDays`th banking day after the settlement date: the later of the day the service
 * recorded the settlement and the expected settlement date, since the network settles on that date at the earliest.
 * In test mode, the network's return delay after the recorded settlement.
 */
export function fundsAvailableAt(settledAt: Date, expectedSettlementDate: string | null, rule: FundsHoldRule): Date {
  if (rule.returnWindowMs !== null) return new Date(settledAt.getTime() + rule.returnWindowMs);
  const recorded = newYorkDate(settledAt);
  const settlementDate = expectedSettlementDate && expectedSettlementDate > recorded ? expectedSettlementDate : recorded;
  return newYorkStartOf(bankingDaysAfter(settlementDate, rule.bankingDays));
}
