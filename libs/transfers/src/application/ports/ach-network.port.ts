/** What the ACH network needs of a transfer (the full account number never leaves this call). */
export interface AchEntry {
  transferId: string;
  traceNumber: string;
  amount: number;
  sourceAccountNumber: string;
  sourceRoutingNumber: string | null;
}

/**
 * The ACH network (contract §8), as the processor sees it. The default adapter is a simulator; a real network
 * adapter replaces it by binding another class in `TransfersModule`, never by changes elsewhere.
 */
export abstract class AchNetwork {
  /** The 8-digit routing prefix of the originating bank: the first half of every trace number. */
  abstract originatorRoutingPrefix(): string;

  /**
   * Hands the entry to the network (the `submitted` step). It runs inside the step's transaction, so a crash before
   * that commits submits the transfer again on restart (with a new trace number): an adapter must treat `transferId`
   * as the entry's idempotency key and answer a repeated submission without sending a second entry. The simulator
   * keeps no state, so it is idempotent as it is.
   */
  abstract submit(entry: AchEntry): Promise<void>;

  /** After settlement: the return code if the receiving bank returned the entry (`R01`…), or null if it stands. */
  abstract returnCodeOf(entry: AchEntry): Promise<string | null>;
}
