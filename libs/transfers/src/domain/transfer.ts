import { ulid } from 'ulid';
import type { CaseRecord } from '@estate/shared-kernel/domain';
import { ALLOWED_TRANSITIONS, TransferOperation, TransferStatus } from './transfer-status';
import { IllegalTransferMove, TransferNotCancellable } from './transfer.errors';
import { TransferEvent } from './transfer-event';

/** Audit events not yet stored, kept beside (not in) the aggregate so that the mapping holds only columns. */
const pending = new WeakMap<Transfer, TransferEvent[]>();

export const PROCESSOR_ACTOR = 'system:processor';

export interface NewTransfer {
  id: string;
  caseId: string;
  bankAccountId: string;
  estateAccountId: string;
  amount: number;
  currency: string;
  memo: string | null;
  requestedBy: string;
}

/**
 * An instant transfer (aggregate, contract §8). It owns its state machine: every move is one intent method that
 * refuses an illegal move with a domain error and appends an audit event; no other code assigns `status`. It names
 * every field its declaration stores: `request` writes each, and the moves their stamps.
 */
export class Transfer implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  bankAccountId: string;
  estateAccountId: string;
  method: string;
  amountRequested: number;
  amountSettled: number | null;
  currency: string;
  memo: string | null;
  status: TransferStatus;
  statusReason: string | null;
  returnCode: string | null;
  requestedBy: string;
  requestedAt: Date;
  submittedAt: Date | null;
  settledAt: Date | null;
  /**
   * When the settled money becomes available in the estate account (contract §8: money that can still come back is
   * not available): set on settlement, null before it and once a return took the held money back.
   */
  fundsAvailableAt: Date | null;
  /** When the hold was released and the estate account's `available_balance` raised (internal); null while held. */
  fundsReleasedAt: Date | null;
  expectedSettlementDate: string | null;
  traceNumber: string | null;
  /** When the processor may take its next step (internal). */
  nextStepAt: Date | null;
  /** How many audit events the transfer has (internal): the next event's sequence. */
  eventCount: number;

  static request(input: NewTransfer, now: Date): Transfer {
    const transfer = new Transfer();
    Object.assign(transfer, {
      id: input.id,
      caseId: input.caseId,
      createdAt: now,
      updatedAt: now,
      bankAccountId: input.bankAccountId,
      estateAccountId: input.estateAccountId,
      method: 'ach_debit',
      amountRequested: input.amount,
      amountSettled: null,
      currency: input.currency,
      memo: input.memo,
      status: 'requested',
      statusReason: null,
      returnCode: null,
      requestedBy: input.requestedBy,
      requestedAt: now,
      submittedAt: null,
      settledAt: null,
      fundsAvailableAt: null,
      fundsReleasedAt: null,
      expectedSettlementDate: null,
      traceNumber: null,
      nextStepAt: now,
      eventCount: 0,
    });
    transfer.record(null, 'requested', input.requestedBy, null, now);
    return transfer;
  }

  startVerification(now: Date): void {
    this.move('startVerification', PROCESSOR_ACTOR, null, now);
  }

  approve(now: Date): void {
    this.move('approve', PROCESSOR_ACTOR, null, now);
  }

  reject(reason: string, now: Date): void {
    this.move('reject', PROCESSOR_ACTOR, reason, now);
    this.statusReason = reason;
    this.nextStepAt = null;
  }

  submit(traceNumber: string, expectedSettlementDate: string, now: Date): void {
    this.move('submit', PROCESSOR_ACTOR, null, now);
    this.traceNumber = traceNumber;
    this.expectedSettlementDate = expectedSettlementDate;
    this.submittedAt = now;
  }

  /** The network accepted the entry; its trace number is the one of record (the network's first acceptance). */
  markInTransit(now: Date, acceptedTraceNumber?: string): void {
    this.move('markInTransit', PROCESSOR_ACTOR, null, now);
    if (acceptedTraceNumber) this.traceNumber = acceptedTraceNumber;
  }

  /**
   * Settled: the money is in the estate account, available from `fundsAvailableAt` (a hold that ends by now is no
   * hold: the money is available at once).
   */
  settle(now: Date, fundsAvailableAt: Date = now): void {
    this.move('settle', PROCESSOR_ACTOR, null, now);
    this.amountSettled = this.amountRequested;
    this.settledAt = now;
    this.fundsAvailableAt = fundsAvailableAt;
    this.fundsReleasedAt = fundsAvailableAt.getTime() <= now.getTime() ? now : null;
  }

  /** Settled and its money still held: the estate account's `available_balance` does not include it yet. */
  fundsHeld(): boolean {
    return this.status === 'settled' && this.fundsAvailableAt !== null && this.fundsReleasedAt === null;
  }

  /** The hold is over: answers whether it was released now (false when not held, or not due yet). No status moves. */
  releaseFunds(now: Date): boolean {
    if (!this.fundsHeld() || now.getTime() < this.fundsAvailableAt!.getTime()) return false;
    this.fundsReleasedAt = now;
    return true;
  }

  /**
   * Returned by the network (`R01`…), from in transit or within the return window after settlement. Money still held
   * never becomes available (`funds_available_at` cleared). `shortfall`, when the return took the estate account below
   * zero (money already released and spent), is said in the status reason and the audit event.
   */
  returned(code: string, now: Date, shortfall: string | null = null): void {
    const reason = shortfall ? `ACH return ${code}: ${shortfall}` : `ACH return ${code}`;
    const held = this.fundsHeld();
    this.move('returned', PROCESSOR_ACTOR, reason, now);
    this.returnCode = code;
    this.statusReason = reason;
    this.nextStepAt = null;
    if (held) this.fundsAvailableAt = null;
  }

  /** Processing stopped: a step failed on every try. A person reads the reason and acts; nothing moves it again. */
  fail(reason: string, now: Date): void {
    this.move('fail', PROCESSOR_ACTOR, reason, now);
    this.statusReason = reason;
    this.nextStepAt = null;
  }

  cancel(reason: string | null, actor: string, now: Date): void {
    if (!ALLOWED_TRANSITIONS.cancel.from.includes(this.status)) throw new TransferNotCancellable(this.status);
    this.move('cancel', actor, reason, now);
    this.statusReason = reason;
    this.nextStepAt = null;
  }

  /** The audit events appended since the last call (the repository persists them in the same transaction). */
  takeEvents(): TransferEvent[] {
    const events = pending.get(this) ?? [];
    pending.delete(this);
    return events;
  }

  /** Whether an operation is allowed from the current status (the processor asks before it acts). */
  can(operation: TransferOperation): boolean {
    return ALLOWED_TRANSITIONS[operation].from.includes(this.status);
  }

  private move(operation: TransferOperation, actor: string, reason: string | null, now: Date): void {
    const rule = ALLOWED_TRANSITIONS[operation];
    if (!rule.from.includes(this.status)) throw new IllegalTransferMove(operation, this.status);
    const from = this.status;
    this.status = rule.to;
    this.updatedAt = now;
    this.record(from, rule.to, actor, reason, now);
  }

  private record(from: TransferStatus | null, to: TransferStatus, actor: string, reason: string | null, now: Date): void {
    const event = new TransferEvent();
    this.eventCount += 1;
    Object.assign(event, { id: ulid(), transferId: this.id, caseId: this.caseId, sequence: this.eventCount, fromStatus: from, toStatus: to, actor, reason, occurredAt: now });
    pending.set(this, [...(pending.get(this) ?? []), event]);
  }
}
