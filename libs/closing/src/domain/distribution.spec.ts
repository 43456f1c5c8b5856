import { ConflictError, ValidationFailedError } from '@estate/shared-kernel/domain';
import { Distribution, DistributionFields } from './distribution';

const NOW = new Date('2026-11-27T12:00:00Z');
const LATER = new Date('2026-11-28T12:00:00Z');
const cashBody: DistributionFields = { personId: 'P1', distributionType: 'residuary', kind: 'cash', amount: 1_000, sourceAccountId: 'E1' };

function problemsOf(act: () => unknown): Array<{ field: string; reason: string }> {
  try {
    act();
  } catch (error) {
    if (error instanceof ValidationFailedError) return (error.details ?? []).map(({ field, reason }) => ({ field, reason }));
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('Distribution (contract-extensions §12.7)', () => {
  it('starts planned, interim by default, with the recipient copied', () => {
    const distribution = Distribution.plan('D1', 'C1', cashBody, 'Sam Doe', NOW);
    expect(distribution).toMatchObject({ status: 'planned', stage: 'interim', recipientName: 'Sam Doe', receiptSigned: false, taxReported: false, approvedAt: null });
  });

  it('names every field a kind needs or refuses', () => {
    expect(problemsOf(() => Distribution.plan('D1', 'C1', { personId: 'P1', distributionType: 'residuary', kind: 'cash', assetType: 'vehicle' }, 'x', NOW))).toEqual([
      { field: 'amount', reason: 'required' },
      { field: 'source_account_id', reason: 'required' },
      { field: 'asset_type', reason: 'rule' },
    ]);
    expect(problemsOf(() => Distribution.plan('D1', 'C1', { personId: 'P1', distributionType: 'specific_bequest', kind: 'in_kind', assetType: 'vehicle', amount: 5 }, 'x', NOW))).toEqual([
      { field: 'value', reason: 'required' },
      { field: 'amount', reason: 'rule' },
      { field: 'asset_id', reason: 'required' },
    ]);
    expect(problemsOf(() => Distribution.plan('D1', 'C1', { personId: 'P1', distributionType: 'specific_bequest', kind: 'in_kind', assetType: 'other', assetId: 'X', value: 5 }, 'x', NOW))).toEqual([
      { field: 'asset_id', reason: 'rule' },
    ]);
  });

  it('moves planned → approved → paid, and refuses any other move with invalid_state', () => {
    const distribution = Distribution.plan('D1', 'C1', cashBody, 'Sam Doe', NOW);
    expect(() => distribution.pay('2026-11-27', 'T1', NOW)).toThrow(ConflictError);
    distribution.approve('U1', LATER);
    expect(distribution).toMatchObject({ status: 'approved', approvedBy: 'U1', approvedAt: LATER });
    expect(() => distribution.approve('U1', LATER)).toThrow(/cannot be approved/);
    distribution.pay('2026-11-27', 'T1', LATER);
    expect(distribution).toMatchObject({ status: 'paid', paidDate: '2026-11-27', transactionId: 'T1' });
    expect(() => distribution.cancel(LATER)).toThrow(ConflictError);
    expect(() => distribution.assertDeletable()).toThrow(/cannot be deleted/);
  });

  it('cancels from planned or approved; a cancelled one may be deleted', () => {
    const planned = Distribution.plan('D1', 'C1', cashBody, 'Sam Doe', NOW);
    planned.cancel(LATER);
    expect(planned.status).toBe('cancelled');
    expect(() => planned.assertDeletable()).not.toThrow();
    const approved = Distribution.plan('D2', 'C1', cashBody, 'Sam Doe', NOW);
    approved.approve(null, NOW);
    approved.cancel(LATER);
    expect(approved.status).toBe('cancelled');
  });

  it('writes every field while planned, and only notes and the receipt once approved', () => {
    const distribution = Distribution.plan('D1', 'C1', cashBody, 'Sam Doe', NOW);
    distribution.revise({ amount: 1_500 }, 'Sam Doe', LATER);
    expect(distribution.amount).toBe(1_500);
    distribution.approve('U1', LATER);
    expect(problemsOf(() => distribution.revise({ amount: 2_000, taxReported: true }, 'Sam Doe', LATER))).toEqual([
      { field: 'amount', reason: 'rule' },
      { field: 'tax_reported', reason: 'rule' },
    ]);
    distribution.revise({ receiptSigned: true, receiptDate: '2026-11-27', notes: 'signed' }, 'Sam Doe', LATER);
    expect(distribution).toMatchObject({ receiptSigned: true, receiptDate: '2026-11-27', notes: 'signed', amount: 1_500 });
  });
});
