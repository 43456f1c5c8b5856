/**
 * The court's rules that other contexts apply (`@estate/court/rules`): which statuses end a creditor claim, read by the
 * distributions of the closing context (a final distribution waits for every claim to end, UPC §3-807).
 * Framework-free, importing nothing of this context but its domain, so a domain file may import it.
 */
export { FINAL_CLAIM_STATUSES } from './domain/creditor-claim';
export type { ClaimStatus } from './domain/probate-vocabulary';
