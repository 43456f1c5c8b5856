import type { Transfer } from '../../domain/transfer';
import type { TransferEvent } from '../../domain/transfer-event';

export interface DueTransfer {
  id: string;
  caseId: string;
}

/** Transfers and their audit trail in storage; every method runs in the caller's transaction. */
export abstract class TransferRepository {
  /** Persists the transfer and appends its pending audit events. */
  abstract save(transfer: Transfer): Promise<void>;

  /** A transfer of the case, its row locked `for update` when asked; null when the case has no such transfer. */
  abstract load(caseId: string, id: string, options?: { lock?: boolean }): Promise<Transfer | null>;

  /** What the account already committed: amounts of its active transfers plus settled amounts. */
  abstract committedAmount(bankAccountId: string): Promise<number>;

  abstract hasActive(bankAccountId: string): Promise<boolean>;

  abstract activeCountOfCase(caseId: string): Promise<number>;

  /** The next value of the trace sequence (1…9,999,999). */
  abstract nextTraceSequence(): Promise<number>;

  /** Transfers whose next step is due, oldest first; read without locks (candidates only). */
  abstract dueCandidates(now: Date, limit: number): Promise<DueTransfer[]>;

  /**
   * Claims one due transfer: the case row first (`for no key update skip locked`, the service's lock order), then the
   * transfer row (`for update skip locked`), still due. Null when another process holds either or it is no longer due.
   */
  abstract claim(candidate: DueTransfer, now: Date): Promise<Transfer | null>;

  abstract eventsOf(transferId: string): Promise<TransferEvent[]>;
}
