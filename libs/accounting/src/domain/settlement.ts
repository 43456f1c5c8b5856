import { ConflictError, DomainError, type ErrorDetail, centsToText } from '@estate/shared-kernel/domain';
import type { AccountingComputation } from './accounting-lines';
import type { AccountingCreditorClaim, AccountingDistribution } from './accounting-records';

/**
 * Contract-extensions §16.4, §16.6, §16.7: when a computed account may be settled. Every settlement must balance (one
 * detail per non-zero `effect`); a final one also needs every creditor claim `paid`, `rejected` or `withdrawn` and no
 * distribution `planned` or `approved` (one detail per record). An unreconciled account may be settled and says so.
 */
export const FINAL_CLAIM_STATUSES = ['paid', 'rejected', 'withdrawn'] as const;
export const OPEN_DISTRIBUTION_STATUSES = ['planned', 'approved'] as const;

export interface SettlementRequest {
  isFinal: boolean;
  claims: ReadonlyArray<Pick<AccountingCreditorClaim, 'id' | 'creditorName' | 'status'>>;
  distributions: ReadonlyArray<Pick<AccountingDistribution, 'id' | 'recipientName' | 'status'>>;
}

export class AccountingNotAllowed extends DomainError {
  constructor(details: ErrorDetail[]) {
    super('accounting_not_allowed', `The account cannot be settled: ${details.map((detail) => detail.message).join('; ')}`, details);
  }
}

/** The reasons the account cannot be settled (`accounting_not_allowed` details); empty when it can. */
export function settlementRefusals(computation: AccountingComputation, request: SettlementRequest): ErrorDetail[] {
  const unbalanced = computation.unreconciled.flatMap((item, index): ErrorDetail[] =>
    item.effect === 0n ? [] : [{ field: `unreconciled[${index}]`, message: `${item.kind} (effect ${centsToText(item.effect)}): ${item.message}`, reason: 'rule' }],
  );
  if (!request.isFinal) return unbalanced;
  const claims = request.claims
    .filter((claim) => !(FINAL_CLAIM_STATUSES as readonly string[]).includes(claim.status))
    .map((claim): ErrorDetail => ({ field: `claim:${claim.id}`, message: `a final account needs every claim paid, rejected or withdrawn; ${claim.creditorName}'s is ${claim.status}`, reason: 'conflict' }));
  const distributions = request.distributions
    .filter((distribution) => (OPEN_DISTRIBUTION_STATUSES as readonly string[]).includes(distribution.status))
    .map((distribution): ErrorDetail => ({
      field: `distribution:${distribution.id}`,
      message: `a final account needs no distribution planned or approved; the one to ${distribution.recipientName} is ${distribution.status}`,
      reason: 'conflict',
    }));
  return [...unbalanced, ...claims, ...distributions];
}

export function assertSettleable(computation: AccountingComputation, request: SettlementRequest): void {
  const refusals = settlementRefusals(computation, request);
  if (refusals.length > 0) throw new AccountingNotAllowed(refusals);
}

/** After a final accounting no other is settled (`409 invalid_state`). */
export function assertNotClosedByFinal(latest: { sequence: number; isFinal: boolean } | null): void {
  if (latest?.isFinal) {
    const message = `accounting ${latest.sequence} is the final account; no accounting follows it`;
    throw new ConflictError('invalid_state', message, [{ field: `accounting:${latest.sequence}`, message, reason: 'conflict' }]);
  }
}

/** A settled accounting a filing names (`accounting_id`) stays: `409 invalid_state`, one detail per filing. */
export function assertNotFiled(sequence: number, filingIds: readonly string[]): void {
  if (filingIds.length === 0) return;
  const message = `accounting ${sequence} is named by ${filingIds.length === 1 ? 'a filing' : `${filingIds.length} filings`}; release it there first (accounting_id: null)`;
  throw new ConflictError(
    'invalid_state',
    message,
    filingIds.map((id) => ({ field: `filing:${id}`, message: `filing ${id} names accounting ${sequence}`, reason: 'conflict' as const })),
  );
}

/** Only the latest settled accounting may be deleted (`409 invalid_state` otherwise); its flows are then uncounted. */
export function assertDeletable(sequence: number, latestSequence: number): void {
  if (sequence !== latestSequence) {
    const message = `only the latest accounting (${latestSequence}) can be deleted`;
    throw new ConflictError('invalid_state', message, [{ field: `accounting:${sequence}`, message, reason: 'conflict' }]);
  }
}
