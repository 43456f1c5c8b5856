/** How a transfer ended for the closure request that made it: settled, or not (returned, rejected, failed, cancelled). */
export interface ClosureTransferOutcome {
  caseId: string;
  transferId: string;
  settled: boolean;
  /** Why it did not settle: the ACH return code or the rejection reason; null when it settled. */
  reason: string | null;
}

/**
 * Where the transfers context tells a closure request how its transfer ended (contract-extensions §15.1:
 * `deposit_proceeds` completes on settlement and is blocked on a return or rejection). Owned and bound by the closing
 * context; the transfers context calls it inside the transaction of each move that ends (or settles) a transfer, with
 * the case row held. A transfer no closure request made is none of its business and changes nothing.
 */
export abstract class ClosureTransferOutcomes {
  abstract tell(outcome: ClosureTransferOutcome): Promise<void>;
}
