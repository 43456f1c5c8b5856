import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { ClosurePlan, ClosureStepDocument } from './closure-step';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const TODAY = '2026-11-23';

function plan(): ClosurePlan {
  let next = 0;
  return new ClosurePlan([], () => `ID${++next}`);
}

const step = (extra: Partial<ClosureStepDocument> = {}): ClosureStepDocument => ({ step_type: 'close_account', title: 'Step', ...extra });

function fields(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    return (error as ValidationFailedError).details?.map((detail) => detail.field) ?? [];
  }
  throw new Error('expected a refusal');
}

describe('ClosurePlan', () => {
  it('reads a step blocked, with a reason, while a prerequisite is neither completed nor skipped; blocked wins', () => {
    const p = plan();
    const letters = p.add('C1', step({ title: 'Letters' }), NOW, TODAY);
    const close = p.add('C1', step({ title: 'Close', depends_on: [letters.id], status: 'completed' }), NOW, TODAY);
    expect([close.status, close.blockedReason]).toEqual(['blocked', 'Waiting for step "Letters" to be completed or skipped.']);
    p.revise(letters, { ...letters.document(), status: 'skipped' }, true, NOW, TODAY);
    expect([close.status, close.blockedReason, close.completedDate]).toEqual(['completed', null, TODAY]);
  });

  it('follows prerequisites through chains: a blocked prerequisite blocks its dependants', () => {
    const p = plan();
    const a = p.add('C1', step({ title: 'A' }), NOW, TODAY);
    const b = p.add('C1', step({ title: 'B', depends_on: [a.id], status: 'completed' }), NOW, TODAY);
    const c = p.add('C1', step({ title: 'C', depends_on: [b.id] }), NOW, TODAY);
    expect([b.status, c.status]).toEqual(['blocked', 'blocked']);
    p.revise(a, { ...a.document(), status: 'completed' }, true, NOW, TODAY);
    expect([a.status, b.status, c.status]).toEqual(['completed', 'completed', 'not_started']);
  });

  it('reads a step with sub-tasks completed when all are, else its written status (a written completed reads in_progress)', () => {
    const p = plan();
    const s = p.add('C1', step({ status: 'waiting', sub_tasks: [{ title: 'one' }, { title: 'two' }] }), NOW, TODAY);
    expect(s.status).toBe('waiting');
    p.reviseSubTask(s, s.subTasks[0].id, { completed: true }, NOW, TODAY);
    expect(s.status).toBe('waiting');
    p.reviseSubTask(s, s.subTasks[1].id, { completed: true }, NOW, TODAY);
    expect(s.status).toBe('completed');
    const done = p.add('C1', step({ status: 'completed' }), NOW, TODAY);
    p.revise(done, { ...done.document(), sub_tasks: [{ title: 'late' }] }, false, NOW, TODAY);
    expect(done.status).toBe('in_progress');
    expect(p.reviseSubTask(s, 'nope', { completed: true }, NOW, TODAY)).toBe(false);
  });

  it('refuses unknown, self and cyclic prerequisites, and completed written on a step with sub-tasks', () => {
    const p = plan();
    const a = p.add('C1', step(), NOW, TODAY);
    const b = p.add('C1', step({ depends_on: [a.id] }), NOW, TODAY);
    expect(fields(() => p.add('C1', step({ depends_on: ['elsewhere'] }), NOW, TODAY))).toEqual(['depends_on[0]']);
    expect(fields(() => p.revise(a, { ...a.document(), depends_on: [a.id] }, false, NOW, TODAY))).toEqual(['depends_on[0]']);
    expect(fields(() => p.revise(a, { ...a.document(), depends_on: [b.id] }, false, NOW, TODAY))).toEqual(['depends_on']);
    expect(fields(() => p.add('C1', step({ depends_on: [a.id, a.id] }), NOW, TODAY))).toEqual(['depends_on']);
    expect(fields(() => p.add('C1', step({ status: 'completed', sub_tasks: [{ title: 'x' }] }), NOW, TODAY))).toEqual(['status']);
  });

  it('keeps the ids of sub-tasks sent back with their id, and drops a removed step from the others’ prerequisites', () => {
    const p = plan();
    const a = p.add('C1', step({ sub_tasks: [{ title: 'one' }] }), NOW, TODAY);
    const kept = a.subTasks[0].id;
    p.revise(a, { ...a.document(), sub_tasks: [{ id: kept, title: 'one!' }, { id: 'forged', title: 'two' }] }, false, NOW, TODAY);
    expect(a.subTasks.map((task) => task.id)).toEqual([kept, expect.not.stringMatching(/^forged$/)]);
    const b = p.add('C1', step({ depends_on: [a.id] }), NOW, TODAY);
    expect(b.status).toBe('blocked');
    p.remove(a, NOW, TODAY);
    expect([b.dependsOn, b.status]).toEqual([[], 'not_started']);
  });
});

describe('ClosurePlan, the service’s moves (contract-extensions §15.1)', () => {
  it('holds a step (blocked with the reason, over a prerequisite’s) until a client writes its status', () => {
    const p = plan();
    const first = p.add('C1', step({ title: 'First' }), NOW, TODAY);
    const deposit = p.add('C1', step({ title: 'Deposit', depends_on: [first.id] }), NOW, TODAY);
    p.hold(deposit, 'R01', NOW, TODAY);
    expect([deposit.status, deposit.blockedReason]).toEqual(['blocked', 'R01']);
    p.revise(first, { ...first.document(), status: 'completed' }, true, NOW, TODAY);
    expect([deposit.status, deposit.blockedReason]).toEqual(['blocked', 'R01']);
    p.revise(deposit, { ...deposit.document(), status: 'skipped' }, true, NOW, TODAY);
    expect([deposit.status, deposit.blockedReason, deposit.heldReason]).toEqual(['skipped', null, null]);
  });

  it('completes a step (written completed, or its sub-tasks), ending a hold; it reads completed once its prerequisites allow', () => {
    const p = plan();
    const first = p.add('C1', step({ title: 'First' }), NOW, TODAY);
    const deposit = p.add('C1', step({ title: 'Deposit', depends_on: [first.id] }), NOW, TODAY);
    p.hold(deposit, 'R01', NOW, TODAY);
    p.complete(deposit, NOW, TODAY);
    expect([deposit.setStatus, deposit.heldReason, deposit.status]).toEqual(['completed', null, 'blocked']);
    p.revise(first, { ...first.document(), status: 'skipped' }, true, NOW, TODAY);
    expect(deposit.status).toBe('completed');
    const tasks = p.add('C1', step({ sub_tasks: [{ title: 'one' }, { title: 'two' }] }), NOW, TODAY);
    p.complete(tasks, NOW, TODAY);
    expect([tasks.status, tasks.subTasks.every((task) => task.completed)]).toEqual(['completed', true]);
  });

  it('skips the named steps that do not read completed', () => {
    const p = plan();
    const done = p.add('C1', step({ status: 'completed' }), NOW, TODAY);
    const open = p.add('C1', step({ depends_on: [done.id], status: 'in_progress' }), NOW, TODAY);
    const held = p.add('C1', step({ depends_on: [open.id] }), NOW, TODAY);
    const other = p.add('C1', step(), NOW, TODAY);
    p.hold(held, 'R02', NOW, TODAY);
    p.skipOpen([done.id, open.id, held.id], NOW, TODAY);
    expect([done.status, open.status, held.status, held.heldReason, other.status]).toEqual(['completed', 'skipped', 'skipped', null, 'not_started']);
  });
});
