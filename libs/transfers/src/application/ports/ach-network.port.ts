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

  /** Hands the entry to the network (the `submitted` step). */
  abstract submit(entry: AchEntry): Promise<void>;

  /** After settlement: the return code if the receiving bank returned the entry (`R01`…), or null if it stands. */
  abstract returnCodeOf(entry: AchEntry): Promise<string | null>;
}
