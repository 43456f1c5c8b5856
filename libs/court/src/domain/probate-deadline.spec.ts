import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { ProbateDeadline } from './probate-deadline';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const LATER = new Date('2026-11-24T10:00:00.000Z');
const TODAY = '2026-11-23';

function deadline(extra: Record<string, unknown> = {}): ProbateDeadline {
  return ProbateDeadline.create('D1', 'C1', { title: 'File', type: 'filing', due_date: '2026-12-01', ...extra }, NOW, TODAY);
}

describe('ProbateDeadline', () => {
  it('is upcoming by default and reads overdue once its due date is before today, unless completed or waived', () => {
    const open = deadline();
    expect(open.status).toBe('upcoming');
    expect(open.statusOn('2026-12-01')).toBe('upcoming');
    expect(open.statusOn('2026-12-02')).toBe('overdue');
    expect(deadline({ status: 'waived' }).statusOn('2027-01-01')).toBe('waived');
    expect(deadline({ completed_date: '2026-11-20' }).statusOn('2027-01-01')).toBe('completed');
  });

  it('completes when completed_date is set, or today when completed without one; reopens when it is cleared', () => {
    const d = deadline();
    expect(d.update({ completed_date: '2026-11-22' }, LATER, TODAY)).toBe(true);
    expect([d.status, d.completedDate, d.updatedAt]).toEqual(['completed', '2026-11-22', LATER]);
    d.update({ completed_date: null }, LATER, TODAY);
    expect([d.status, d.completedDate]).toEqual(['upcoming', null]);
    d.update({ status: 'completed' }, LATER, TODAY);
    expect([d.status, d.completedDate]).toEqual(['completed', TODAY]);
    d.update({ status: 'overdue' }, LATER, TODAY);
    expect([d.status, d.completedDate]).toEqual(['upcoming', null]);
    d.update({ status: 'waived' }, LATER, TODAY);
    expect([d.status, d.completedDate]).toEqual(['waived', null]);
  });

  it('refuses a completion date on a deadline written as not completed, and a null status', () => {
    const d = deadline();
    expect(() => d.update({ status: 'waived', completed_date: '2026-11-22' }, LATER, TODAY)).toThrow(ValidationFailedError);
    expect(() => d.update({ status: null }, LATER, TODAY)).toThrow(ValidationFailedError);
  });

  it('reschedules and leaves updated_at alone when nothing changes', () => {
    const d = deadline();
    expect(d.update({ due_date: '2026-12-01', title: 'File' }, LATER, TODAY)).toBe(false);
    expect(d.updatedAt).toBe(NOW);
    expect(d.update({ due_date: '2027-01-05' }, LATER, TODAY)).toBe(true);
    expect(d.dueDate).toBe('2027-01-05');
  });

  it('moves a generated deadline to new inputs unless it is completed', () => {
    const generated = {
      key: 'inventory',
      type: 'inventory' as const,
      title: 'Inventory due',
      description: 'x',
      dueDate: '2026-07-02',
      rule: { key: 'inventory', citation: 'UPC §3-706', source: 'upc_default' as const, from: 'appointment' as const, from_date: '2026-04-02', computed_date: '2026-07-02' },
    };
    const d = ProbateDeadline.generate('D2', 'C1', generated, NOW);
    expect(d.generatedKey).toBe('inventory');
    expect(d.reschedule({ ...generated }, LATER)).toBe(false);
    expect(d.reschedule({ ...generated, dueDate: '2026-08-03' }, LATER)).toBe(true);
    expect(d.dueDate).toBe('2026-08-03');
    d.update({ completed_date: '2026-08-01' }, LATER, TODAY);
    expect(d.reschedule({ ...generated, dueDate: '2026-09-01' }, LATER)).toBe(false);
    expect(d.dueDate).toBe('2026-08-03');
  });
});
