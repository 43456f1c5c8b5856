import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { ClosurePlan, ClosureStepFields } from './closure-step';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const TODAY = '2026-11-23';

function plan(): ClosurePlan {
  let next = 0;
  return new ClosurePlan([], () => `ID${++next}`);
}

const step = (extra: ClosureStepFields = {}): ClosureStepFields => ({ stepType: 'close_account', title: 'Step', ...extra });

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
    const close = p.add('C1', step({ title: 'Close', dependsOn: [letters.id], status: 'completed' }), NOW, TODAY);
    expect([close.status, close.blockedReason]).toEqual(['blocked', 'Waiting for step "Letters" to be completed or skipped.']);
    p.revise(letters, { status: 'skipped' }, true, NOW, TODAY);
    expect([close.status, close.blockedReason, close.completedDate]).toEqual(['completed', null, TODAY]);
  });

  it('follows prerequisites through chains: a blocked prerequisite blocks its dependants', () => {
    const p = plan();
    const a = p.add('C1', step({ title: 'A' }), NOW, TODAY);
    const b = p.add('C1', step({ title: 'B', dependsOn: [a.id], status: 'completed' }), NOW, TODAY);
    const c = p.add('C1', step({ title: 'C', dependsOn: [b.id] }), NOW, TODAY);
    expect([b.status, c.status]).toEqual(['blocked', 'blocked']);
    p.revise(a, { status: 'completed' }, true, NOW, TODAY);
    expect([a.status, b.status, c.status]).toEqual(['completed', 'completed', 'not_started']);
  });

  it('reads a step with sub-tasks completed when all are, else its written status (a written completed reads in_progress)', () => {
    const p = plan();
    const s = p.add('C1', step({ status: 'waiting', subTasks: [{ title: 'one' }, { title: 'two' }] }), NOW, TODAY);
    expect(s.status).toBe('waiting');
    p.reviseSubTask(s, s.subTasks[0].id, { completed: true }, NOW, TODAY);
    expect(s.status).toBe('waiting');
    p.reviseSubTask(s, s.subTasks[1].id, { completed: true }, NOW, TODAY);
    expect(s.status).toBe('completed');
    const done = p.add('C1', step({ status: 'completed' }), NOW, TODAY);
    p.revise(done, { subTasks: [{ title: 'late' }] }, false, NOW, TODAY);
    expect(done.status).toBe('in_progress');
    expect(p.reviseSubTask(s, 'nope', { completed: true }, NOW, TODAY)).toBe(false);
  });

  it('refuses unknown, self and cyclic prerequisites, and completed written on a step with sub-tasks', () => {
    const p = plan();
    const a = p.add('C1', step(), NOW, TODAY);
    const b = p.add('C1', step({ dependsOn: [a.id] }), NOW, TODAY);
    expect(fields(() => p.add('C1', step({ dependsOn: ['elsewhere'] }), NOW, TODAY))).toEqual(['depends_on[0]']);
    expect(fields(() => p.revise(a, { dependsOn: [a.id] }, false, NOW, TODAY))).toEqual(['depends_on[0]']);
    expect(fields(() => p.revise(a, { dependsOn: [b.id] }, false, NOW, TODAY))).toEqual(['depends_on']);
    expect(fields(() => p.add('C1', step({ dependsOn: [a.id, a.id] }), NOW, TODAY))).toEqual(['depends_on']);
    expect(fields(() => p.add('C1', step({ status: 'completed', subTasks: [{ title: 'x' }] }), NOW, TODAY))).toEqual(['status']);
  });

  it('keeps the ids of sub-tasks sent back with their id, and drops a removed step from the others’ prerequisites', () => {
    const p = plan();
    const a = p.add('C1', step({ subTasks: [{ title: 'one' }] }), NOW, TODAY);
    const kept = a.subTasks[0].id;
    p.revise(a, { subTasks: [{ id: kept, title: 'one!' }, { id: 'forged', title: 'two' }] }, false, NOW, TODAY);
    expect(a.subTasks.map((task) => task.id)).toEqual([kept, expect.not.stringMatching(/^forged$/)]);
    const b = p.add('C1', step({ dependsOn: [a.id] }), NOW, TODAY);
    expect(b.status).toBe('blocked');
    p.remove(a, NOW, TODAY);
    expect([b.dependsOn, b.status]).toEqual([[], 'not_started']);
  });
});

describe('ClosurePlan, the service’s moves (contract-extensions §15.1)', () => {
  it('holds a step (blocked with the reason, over a prerequisite’s) until a client writes its status', () => {
    const p = plan();
    const first = p.add('C1', step({ title: 'First' }), NOW, TODAY);
    const deposit = p.add('C1', step({ title: 'Deposit', dependsOn: [first.id] }), NOW, TODAY);
    p.hold(deposit, 'R01', NOW, TODAY);
    expect([deposit.status, deposit.blockedReason]).toEqual(['blocked', 'R01']);
    p.revise(first, { status: 'completed' }, true, NOW, TODAY);
    expect([deposit.status, deposit.blockedReason]).toEqual(['blocked', 'R01']);
    p.revise(deposit, { status: 'skipped' }, true, NOW, TODAY);
    expect([deposit.status, deposit.blockedReason, deposit.heldReason]).toEqual(['skipped', null, null]);
  });

  it('completes a step (written completed, or its sub-tasks), ending a hold; it reads completed once its prerequisites allow', () => {
    const p = plan();
    const first = p.add('C1', step({ title: 'First' }), NOW, TODAY);
    const deposit = p.add('C1', step({ title: 'Deposit', dependsOn: [first.id] }), NOW, TODAY);
    p.hold(deposit, 'R01', NOW, TODAY);
    p.complete(deposit, NOW, TODAY);
    expect([deposit.setStatus, deposit.heldReason, deposit.status]).toEqual(['completed', null, 'blocked']);
    p.revise(first, { status: 'skipped' }, true, NOW, TODAY);
    expect(deposit.status).toBe('completed');
    const tasks = p.add('C1', step({ subTasks: [{ title: 'one' }, { title: 'two' }] }), NOW, TODAY);
    p.complete(tasks, NOW, TODAY);
    expect([tasks.status, tasks.subTasks.every((task) => task.completed)]).toEqual(['completed', true]);
  });

  it('skips the named steps that do not read completed', () => {
    const p = plan();
    const done = p.add('C1', step({ status: 'completed' }), NOW, TODAY);
    const open = p.add('C1', step({ dependsOn: [done.id], status: 'in_progress' }), NOW, TODAY);
    const held = p.add('C1', step({ dependsOn: [open.id] }), NOW, TODAY);
    const other = p.add('C1', step(), NOW, TODAY);
    p.hold(held, 'R02', NOW, TODAY);
    p.skipOpen([done.id, open.id, held.id], NOW, TODAY);
    expect([done.status, open.status, held.status, held.heldReason, other.status]).toEqual(['completed', 'skipped', 'skipped', null, 'not_started']);
  });
});
