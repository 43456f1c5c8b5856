import type { ListPage, ListQuery, RecordFields } from '@estate/shared-kernel';
import type { Transfer } from '../../domain/transfer';
import type { TransferEvent } from '../../domain/transfer-event';

export interface ActiveTransferRef {
  id: string;
  status: string;
}

export interface OverdueTransfer {
  id: string;
  status: string;
}

/** Transfers and their audit trail in storage; every method runs in the caller's transaction. */
export abstract class TransferRepository {
  /** Persists the transfer and appends its pending audit events. */
  abstract save(transfer: Transfer): Promise<void>;

  /** A transfer of the case, its row locked `for update` when asked; null when the case has no such transfer. */
  abstract load(caseId: string, id: string, options?: { lock?: boolean }): Promise<Transfer | null>;

  /** What is in flight from the account: the amounts of its active transfers (settled money has left its balance). */
  abstract inFlightAmount(bankAccountId: string): Promise<number>;

  abstract hasActive(bankAccountId: string): Promise<boolean>;

  /** A transfer not yet final that names the account as its source or its destination (the estate account), if any. */
  abstract activeNaming(bankAccountId: string): Promise<ActiveTransferRef | null>;

  abstract activeCountOfCase(caseId: string): Promise<number>;

  /** A transfer by its id alone, whatever its case (a deleted case keeps its transfers); no lock. */
  abstract byId(transferId: string): Promise<Transfer | null>;

  /** The next value of the trace sequence (1…9,999,999). */
  abstract nextTraceSequence(): Promise<number>;

  /** Transfers whose next step was due before `dueBefore`, oldest first, read without locks (the sweep's candidates). */
  abstract overdue(dueBefore: Date, limit: number): Promise<OverdueTransfer[]>;

  /**
   * Holds a transfer for one step: its case row first (`for no key update`, the service's lock order), then the
   * transfer row (`for update`), read fresh. Null when the transfer does not exist. The queue runs one job per transfer
   * at a time, so this waits only for a request writing to the same case.
   */
  abstract holdForStep(transferId: string): Promise<Transfer | null>;

  /** A page of the transfer's trail (page mode, oldest first: the query sorts by `sequence`). */
  abstract trailOf(transferId: string, query: ListQuery): Promise<ListPage<RecordFields<TransferEvent>>>;
}
