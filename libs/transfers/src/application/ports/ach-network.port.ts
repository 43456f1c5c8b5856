/** What the ACH network needs of a transfer (the full account number never leaves this call). */
export interface AchEntry {
  /** The network's idempotency key: one entry per transfer, however often it is submitted. */
  transferId: string;
  traceNumber: string;
  amount: number;
  sourceAccountNumber: string;
  sourceRoutingNumber: string | null;
}

/** The network took the entry; `traceNumber` is the one of its first acceptance, whatever a retry carried. */
export interface AchAcceptance {
  traceNumber: string;
}

/** A return the network reports: the receiving bank sent the entry back with an ACH return code (`R01`…). */
export interface AchReturnNotice {
  transferId: string;
  traceNumber: string;
  returnCode: string;
}

/**
 * The ACH network (contract §8), as the processor sees it. The default adapter is a simulator; a real network
 * adapter replaces it by binding another class in `TransfersModule`, never by changes elsewhere.
 */
export abstract class AchNetwork {
  /** The 8-digit routing prefix of the originating bank: the first half of every trace number. */
  abstract originatorRoutingPrefix(): string;

  /**
   * Hands the entry to the network. Called only after the commit that records the submission, never inside a
   * transaction, so a crash after the network accepted it and before the service recorded that leads to the same call
   * again: an adapter must treat `transferId` as the idempotency key and answer a repeated submission with the first
   * acceptance (its trace number) without sending a second entry.
   */
  abstract submit(entry: AchEntry): Promise<AchAcceptance>;

  /**
   * Returns the network has reported and the service has not acknowledged yet, oldest first. A return may be reported
   * at any time within the return window (R01 within two banking days, R10 and other unauthorized-debit codes within
   * sixty days), so the service asks on a schedule, not once.
   */
  abstract reportedReturns(limit: number): Promise<AchReturnNotice[]>;

  /** The return is recorded on the transfer (committed): the network need not report it again. Idempotent. */
  abstract acknowledgeReturn(transferId: string): Promise<void>;

  /**
   * Test mode: how long after accepting an entry the network reports every return it will make (a simulator's return
   * delay), so that settled money is held that long (contract §8). Null for a real network, and for a simulator timed
   * as one: the banking-day window (`TRANSFER_FUNDS_HOLD_BANKING_DAYS`) applies.
   */
  abstract returnWindowMs(): number | null;

  /**
   * When the network will report (or has reported) a return of the transfer's entry not yet acknowledged, if it knows
   * in advance: a simulator told to return it by a test value does. A real network knows of no return before it comes
   * and answers null. Called in no transaction. The service polls for such a return when it is due, and keeps the
   * transfer's money held until it has been applied.
   */
  abstract announcedReturnAt(transferId: string): Promise<Date | null>;
}
