import { ConflictError, toCamelCase } from '@estate/shared-kernel/domain';
import { ClosableAccountFacts, ClosureRequest, closureStepsFor } from './closure-request';
import { ClosurePlan } from './closure-step';

const NOW = new Date('2026-12-01T10:00:00.000Z');
const LATER = new Date('2026-12-02T10:00:00.000Z');
const TODAY = '2026-12-01';

const bank = (extra: Partial<ClosableAccountFacts> = {}): ClosableAccountFacts => ({
  kind: 'bank_account', id: 'A1', institutionName: 'First Prairie Bank', lastFour: '1234', isEstateAccount: false, closed: false, statusTracked: true, status: 'open', ...extra,
});

/** A request with its five steps in a plan, as RequestClosure makes them. */
function made(method: 'standard' | 'instant_transfer' = 'standard') {
  let next = 0;
  const plan = new ClosurePlan([], () => `S${++next}`);
  const request = ClosureRequest.open({ id: 'R1', caseId: 'C1', requestedBy: 'U1' }, { account_type: 'bank_account', account_id: 'A1', method }, bank(), NOW);
  let previous: string | null = null;
  for (const document of closureStepsFor(bank(), method)) {
    const fields = Object.fromEntries(Object.entries(document).map(([field, value]) => [toCamelCase(field), value]));
    const step = plan.add('C1', { ...fields, dependsOn: previous ? [previous] : [] }, NOW, TODAY);
    request.stepIds.push(step.id);
    previous = step.id;
  }
  return { plan, request };
}

describe('closureStepsFor', () => {
  it('five steps in order, each titled with the institution and the last four digits, sub-tasks as §15.1 lists', () => {
    const steps = closureStepsFor(bank(), 'standard');
    expect(steps.map((step) => [step.order, step.step_type])).toEqual([
      [1, 'notify_institution'], [2, 'submit_documentation'], [3, 'collect_signatures'], [4, 'follow_up'], [5, 'deposit_proceeds'],
    ]);
    for (const step of steps) expect(step.title).toContain('First Prairie Bank (account ending 1234)');
    expect(steps.map((step) => (step.sub_tasks ?? []).length)).toEqual([2, 3, 1, 0, 0]);
    expect(closureStepsFor(bank(), 'instant_transfer')[4].description).toContain('instant transfer');
  });

  it('keeps titles within 200 characters and says when there is no number', () => {
    const steps = closureStepsFor(bank({ institutionName: 'B'.repeat(200), lastFour: null }), 'standard');
    for (const step of steps) expect(step.title.length).toBeLessThanOrEqual(200);
    expect(steps[0].title).toContain('…');
    expect(steps[0].title).toContain('account without a number on record');
  });
});

describe('ClosureRequest', () => {
  it('refuses the account: unknown, the estate account, closed; instant_transfer of another kind, all at once', () => {
    expect(ClosureRequest.refusals({ account_type: 'bank_account', account_id: 'X' }, null).map((d) => d.field)).toEqual(['account_id']);
    expect(ClosureRequest.refusals({ account_type: 'bank_account', account_id: 'A1' }, bank({ isEstateAccount: true }))[0].message).toContain('estate account');
    expect(ClosureRequest.refusals({ account_type: 'bank_account', account_id: 'A1' }, bank({ closed: true }))[0].message).toContain('already closed');
    const both = ClosureRequest.refusals({ account_type: 'investment_account', account_id: 'X', method: 'instant_transfer' }, null);
    expect(both.map((d) => [d.field, d.reason])).toEqual([['method', 'rule'], ['account_id', 'rule']]);
    expect(ClosureRequest.refusals({ account_type: 'bank_account', account_id: 'A1', method: 'instant_transfer' }, bank())).toEqual([]);
  });

  it('follows its steps: requested until one starts, in_progress, completed when all are completed or skipped; never back', () => {
    const { plan, request } = made();
    expect(request.follow(plan.all, NOW)).toBeNull();
    expect(request.status).toBe('requested');
    const [notify, ...rest] = request.stepIds.map((id) => plan.find(id)!);
    plan.reviseSubTask(notify, notify.subTasks[0].id, { completed: true }, NOW, TODAY);
    expect(request.follow(plan.all, NOW)).toBe('started');
    expect(request.status).toBe('in_progress');
    for (const step of [notify, ...rest]) plan.revise(step, { subTasks: [], status: 'skipped' }, true, NOW, TODAY);
    expect(request.follow(plan.all, LATER)).toBe('completed');
    expect([request.status, request.completedAt]).toEqual(['completed', LATER]);
    plan.revise(notify, { status: 'not_started' }, true, NOW, TODAY);
    expect(request.follow(plan.all, LATER)).toBeNull();
    expect(request.status).toBe('completed');
  });

  it('a held step is a started one', () => {
    const { plan, request } = made('instant_transfer');
    plan.hold(request.depositStep(plan.all)!, 'R01', NOW, TODAY);
    expect(request.follow(plan.all, NOW)).toBe('started');
  });

  it('cancels when open, else 409 invalid_state and nothing changes', () => {
    const { request } = made();
    request.cancel(LATER);
    expect([request.status, request.cancelledAt]).toEqual(['cancelled', LATER]);
    expect(() => request.cancel(LATER)).toThrow(ConflictError);
    expect(request.status).toBe('cancelled');
  });

  it('revises its notes only when they change', () => {
    const { request } = made();
    expect(request.reviseNotes(null, LATER)).toBe(false);
    expect(request.reviseNotes('Call the branch', LATER)).toBe(true);
    expect([request.notes, request.updatedAt]).toEqual(['Call the branch', LATER]);
  });
});
