import { ALLOWED_TRANSITIONS, TRANSFER_OPERATIONS, TRANSFER_STATUSES, TransferOperation, TransferStatus } from './transfer-status';
import { PROCESSOR_ACTOR, Transfer } from './transfer';
import { IllegalTransferMove, TransferNotCancellable } from './transfer.errors';

const now = new Date('2026-11-23T15:00:00Z');

function transferIn(status: TransferStatus): Transfer {
  const transfer = Transfer.request(
    { id: '01TRANSFER', caseId: '01CASE', bankAccountId: '01SRC', estateAccountId: '01EST', amount: 100.5, currency: 'USD', memo: null, requestedBy: 'user-1' },
    now,
  );
  transfer.status = status;
  transfer.takeEvents();
  return transfer;
}

function perform(transfer: Transfer, operation: TransferOperation): void {
  switch (operation) {
    case 'startVerification': return transfer.startVerification(now);
    case 'approve': return transfer.approve(now);
    case 'reject': return transfer.reject('authority expired', now);
    case 'submit': return transfer.submit('071000010000001', '2026-11-24', now);
    case 'markInTransit': return transfer.markInTransit(now);
    case 'settle': return transfer.settle(now);
    case 'returned': return transfer.returned('R15', now);
    case 'cancel': return transfer.cancel('changed my mind', 'user-2', now);
    case 'fail': return transfer.fail('the step failed on every try', now);
  }
}

const pairs = TRANSFER_STATUSES.flatMap((status) => TRANSFER_OPERATIONS.map((operation) => [status, operation] as const));

describe('Transfer state machine: every state × operation', () => {
  it.each(pairs)('%s × %s', (status, operation) => {
    const transfer = transferIn(status);
    const rule = ALLOWED_TRANSITIONS[operation];
    if (rule.from.includes(status)) {
      perform(transfer, operation);
      expect(transfer.status).toBe(rule.to);
      const events = transfer.takeEvents();
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({ fromStatus: status, toStatus: rule.to, transferId: '01TRANSFER', occurredAt: now });
      expect(event.actor).toBe(operation === 'cancel' ? 'user-2' : PROCESSOR_ACTOR);
    } else {
      const expected = operation === 'cancel' ? TransferNotCancellable : IllegalTransferMove;
      expect(() => perform(transfer, operation)).toThrow(expected);
      expect(transfer.status).toBe(status);
      expect(transfer.takeEvents()).toHaveLength(0);
    }
  });

  it('has 90 pairs, of which the legal ones are exactly the contract moves', () => {
    expect(pairs).toHaveLength(90);
    const legal = pairs.filter(([status, operation]) => ALLOWED_TRANSITIONS[operation].from.includes(status)).map(([s, o]) => `${s}:${o}`);
    expect(legal.sort()).toEqual(
      ['requested:startVerification', 'verifying:approve', 'verifying:reject', 'approved:submit', 'submitted:markInTransit', 'in_transit:settle',
        'in_transit:returned', 'settled:returned', 'requested:cancel', 'verifying:cancel', 'approved:cancel', 'requested:fail', 'verifying:fail', 'approved:fail', 'submitted:fail',
        'in_transit:fail'].sort(),
    );
  });

  it('walks the whole lifecycle with a gapless trail and the fields of each step', () => {
    const transfer = Transfer.request(
      { id: '01T', caseId: '01C', bankAccountId: '01S', estateAccountId: '01E', amount: 10, currency: 'USD', memo: 'm', requestedBy: 'u' },
      now,
    );
    transfer.startVerification(now);
    transfer.approve(now);
    transfer.submit('071000010000042', '2026-11-24', now);
    transfer.markInTransit(now);
    transfer.settle(now);
    expect(transfer).toMatchObject({ status: 'settled', amountSettled: 10, settledAt: now, traceNumber: '071000010000042', expectedSettlementDate: '2026-11-24', submittedAt: now });
    const events = transfer.takeEvents();
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events[0]).toMatchObject({ fromStatus: null, toStatus: 'requested', actor: 'u' });
    transfer.returned('R15', now);
    expect(transfer).toMatchObject({ status: 'returned', returnCode: 'R15' });
  });

  it('cancel keeps the reason', () => {
    const transfer = transferIn('approved');
    transfer.cancel('duplicate', 'user-9', now);
    expect(transfer).toMatchObject({ status: 'cancelled', statusReason: 'duplicate', nextStepAt: null });
  });
});

describe('Transfer.fail', () => {
  const request = () =>
    Transfer.request({ id: 't1', caseId: 'c1', bankAccountId: 'a1', estateAccountId: 'e1', amount: 10, currency: 'USD', memo: null, requestedBy: 'u1' }, new Date('2026-11-27T10:00:00Z'));

  it('ends a transfer whose processing kept failing, with its reason, an audit event and no further step', () => {
    const transfer = request();
    transfer.takeEvents();
    transfer.fail('processing failed repeatedly', new Date('2026-11-27T10:05:00Z'));
    expect(transfer.status).toBe('failed');
    expect(transfer.statusReason).toBe('processing failed repeatedly');
    expect(transfer.nextStepAt).toBeNull();
    expect(transfer.takeEvents().map((event) => [event.fromStatus, event.toStatus, event.reason])).toEqual([['requested', 'failed', 'processing failed repeatedly']]);
  });

  it('is refused once the transfer settled (the money moved: only a return may follow)', () => {
    const transfer = request();
    transfer.status = 'settled';
    expect(() => transfer.fail('late', new Date())).toThrow();
  });
});

describe('Transfer funds hold (contract §8: money that can still come back is not available)', () => {
  const settledAt = new Date('2026-11-23T15:00:00Z');
  const availableAt = new Date('2026-11-25T05:00:00Z');
  const inTransit = () => {
    const transfer = transferIn('in_transit');
    transfer.settle(settledAt, availableAt);
    transfer.takeEvents();
    return transfer;
  };

  it('holds settled money until funds_available_at, releases it once, and moves no status doing so', () => {
    const transfer = inTransit();
    expect(transfer).toMatchObject({ status: 'settled', fundsAvailableAt: availableAt, fundsReleasedAt: null });
    expect(transfer.fundsHeld()).toBe(true);
    expect(transfer.releaseFunds(new Date(availableAt.getTime() - 1))).toBe(false);
    expect(transfer.fundsHeld()).toBe(true);
    expect(transfer.releaseFunds(availableAt)).toBe(true);
    expect(transfer).toMatchObject({ status: 'settled', fundsReleasedAt: availableAt });
    expect(transfer.fundsHeld()).toBe(false);
    expect(transfer.releaseFunds(new Date(availableAt.getTime() + 1000))).toBe(false); // a second run does nothing
    expect(transfer.takeEvents()).toHaveLength(0);
  });

  it('a hold that ends by settlement is no hold', () => {
    const transfer = transferIn('in_transit');
    transfer.settle(settledAt);
    expect(transfer).toMatchObject({ fundsAvailableAt: settledAt, fundsReleasedAt: settledAt });
    expect(transfer.fundsHeld()).toBe(false);
  });

  it('a return inside the hold clears funds_available_at: the money never becomes available', () => {
    const transfer = inTransit();
    transfer.returned('R15', new Date('2026-11-24T10:00:00Z'));
    expect(transfer).toMatchObject({ status: 'returned', fundsAvailableAt: null, statusReason: 'ACH return R15' });
    expect(transfer.fundsHeld()).toBe(false);
    expect(transfer.releaseFunds(availableAt)).toBe(false);
  });

  it('a return after the release keeps funds_available_at and says the shortfall in the reason and the audit event', () => {
    const transfer = inTransit();
    transfer.releaseFunds(availableAt);
    transfer.returned('R10', new Date('2026-12-10T10:00:00Z'), 'the estate account is overdrawn by 250.00');
    expect(transfer).toMatchObject({ status: 'returned', fundsAvailableAt: availableAt, statusReason: 'ACH return R10: the estate account is overdrawn by 250.00' });
    expect(transfer.takeEvents().map((event) => event.reason)).toEqual(['ACH return R10: the estate account is overdrawn by 250.00']);
  });
});
