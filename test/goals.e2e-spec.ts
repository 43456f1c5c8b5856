import { Clock } from '@estate/shared-kernel';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const UNKNOWN_USER = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type View = Record<string, any>;

/**
 * Contract-extensions §12.8: goals — completed_at, is_overdue by the clock, who may be assigned, the events. What every
 * resource promises is the generated contract's (test/contracts/case).
 */
describe('goals (e2e, contract-extensions §12.8)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let clock: Clock;
  let restoreEnv: () => void;
  let seq = 0;

  beforeAll(async () => {
    // Invitations send e-mails through the simulated provider; nothing needs them delivered here.
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off' });
    t = await createTestApp();
    owner = await t.invite();
    clock = t.app.get(Clock);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const base = (caseId: string) => `/v1/cases/${caseId}/goals`;
  const post = (caseId: string, body: object, caller = owner) => t.http().post(base(caseId)).set(caller.auth).send(body);
  const patch = (caseId: string, id: string, body: object, caller = owner) => t.http().patch(`${base(caseId)}/${id}`).set(caller.auth).send(body);
  const read = async (caseId: string, id: string): Promise<View> => (await t.http().get(`${base(caseId)}/${id}`).set(owner.auth).expect(200)).body.data;
  const row = async (id: string): Promise<View> => (await t.sql<View>('select * from goals where id = $1', [id]))[0];
  const newCase = async (caller = owner): Promise<string> => (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id;
  const eventsOf = (caseId: string) => t.sql<{ type: string; data: View }>(`select type, data from events where case_id = $1 and type like 'goal.%' order by id`, [caseId]);
  const at = (moment: string) => jest.spyOn(clock, 'now').mockImplementation(() => new Date(moment));

  async function created(caseId: string, body: object, caller = owner): Promise<View> {
    const res = await post(caseId, body, caller);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  describe('completed_at follows the status', () => {
    it('entering completed sets it, staying keeps it, leaving clears it, entering again sets it anew; any move is allowed', async () => {
      const caseId = await newCase();
      at('2026-03-01T10:00:00.000Z');
      const goal = await created(caseId, { title: 'File the inventory' });
      expect(goal).toMatchObject({ status: 'pending', completed_at: null, is_overdue: false });

      at('2026-03-02T11:00:00.000Z');
      const done = (await patch(caseId, goal.id, { status: 'completed' }).expect(200)).body.data;
      expect(done).toMatchObject({ status: 'completed', completed_at: '2026-03-02T11:00:00.000Z' });
      at('2026-03-03T12:00:00.000Z');
      expect((await patch(caseId, goal.id, { notes: 'Filed in person.' }).expect(200)).body.data.completed_at).toBe('2026-03-02T11:00:00.000Z');
      expect((await patch(caseId, goal.id, { status: 'completed' }).expect(200)).body.data.completed_at).toBe('2026-03-02T11:00:00.000Z');

      for (const status of ['skipped', 'in_progress', 'pending']) {
        expect((await patch(caseId, goal.id, { status }).expect(200)).body.data).toMatchObject({ status, completed_at: null });
      }
      at('2026-03-04T13:00:00.000Z');
      expect((await patch(caseId, goal.id, { status: 'completed' }).expect(200)).body.data.completed_at).toBe('2026-03-04T13:00:00.000Z');
      expect((await patch(caseId, goal.id, { status: 'skipped' }).expect(200)).body.data.completed_at).toBeNull();
      expect((await row(goal.id)).completed_at).toBeNull();

      // Created completed: stamped at creation.
      at('2026-03-05T14:00:00.000Z');
      const already = await created(caseId, { title: 'Notify Social Security', status: 'completed' });
      expect(already.completed_at).toBe('2026-03-05T14:00:00.000Z');
      expect((await row(already.id)).completed_at.toISOString()).toBe('2026-03-05T14:00:00.000Z');
    });

    it('a goal always has a status: a PATCH of null is 422 naming it, the row unchanged', async () => {
      const caseId = await newCase();
      const goal = await created(caseId, { title: 'Cancel the newspaper', status: 'in_progress' });
      const before = await row(goal.id);
      const res = await patch(caseId, goal.id, { status: null });
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([['status', 'required']]);
      expect(await row(goal.id)).toEqual(before);
    });

    it('tells goal.created, goal.status_changed for a status move (with the former values), goal.updated otherwise, goal.deleted', async () => {
      const caseId = await newCase();
      const goal = await created(caseId, { title: 'Open the estate account', category: 'financial' });
      await patch(caseId, goal.id, { status: 'in_progress' }).expect(200);
      await patch(caseId, goal.id, { notes: 'Appointment on Friday.' }).expect(200);
      // A patch that changes nothing tells nothing.
      await patch(caseId, goal.id, { notes: 'Appointment on Friday.' }).expect(200);
      await patch(caseId, goal.id, { status: 'completed', notes: 'Opened.' }).expect(200);
      await t.http().delete(`${base(caseId)}/${goal.id}`).set(owner.auth).expect(204);
      const events = await eventsOf(caseId);
      expect(events.map((event) => event.type)).toEqual(['goal.created', 'goal.status_changed', 'goal.updated', 'goal.status_changed', 'goal.deleted']);
      expect(events[1].data.previous_attributes).toEqual({ status: 'pending' });
      expect(events[2].data.previous_attributes).toEqual({ notes: null });
      expect(events[3].data.previous_attributes).toEqual({ status: 'in_progress', completed_at: null, notes: 'Appointment on Friday.' });
      expect(events[3].data.object).toMatchObject({ id: goal.id, status: 'completed', completed_at: expect.stringMatching(ISO_UTC) });
      expect(events[4].data.object).toMatchObject({ id: goal.id, status: 'completed' });
    });
  });

  describe('is_overdue, by the clock', () => {
    it('due before today (UTC) and pending or in_progress: on the read, on every list row, filtered and sorted; it moves with the day, the ETag with it', async () => {
      const caseId = await newCase();
      at('2026-06-10T12:00:00.000Z');
      const goals: Record<string, View> = {};
      for (const [key, body] of Object.entries({
        pendingPast: { title: 'a', due_date: '2026-06-14', status: 'pending' },
        inProgressPast: { title: 'b', due_date: '2026-06-13', status: 'in_progress' },
        dueToday: { title: 'c', due_date: '2026-06-15', status: 'pending' },
        completedPast: { title: 'd', due_date: '2026-06-01', status: 'completed' },
        skippedPast: { title: 'e', due_date: '2026-06-01', status: 'skipped' },
        noDate: { title: 'f', status: 'pending' },
        future: { title: 'g', due_date: '2026-07-01', status: 'in_progress' },
      })) {
        goals[key] = await created(caseId, body);
        expect(goals[key].is_overdue).toBe(false);
      }
      const etagBefore = (await t.http().get(`${base(caseId)}/${goals.pendingPast.id}`).set(owner.auth).expect(200)).headers.etag;

      // 2026-06-15 23:59 UTC is still the 15th: due the 15th is not overdue, the 14th is.
      at('2026-06-15T23:59:59.000Z');
      const overdue = ['pendingPast', 'inProgressPast'];
      for (const [key, goal] of Object.entries(goals)) expect({ key, overdue: (await read(caseId, goal.id)).is_overdue }).toEqual({ key, overdue: overdue.includes(key) });
      const listed = (await t.http().get(`${base(caseId)}?per_page=100`).set(owner.auth).expect(200)).body.data as View[];
      expect(listed.filter((goal) => goal.is_overdue).map((goal) => goal.id).sort()).toEqual(overdue.map((key) => goals[key].id).sort());
      const open = (await t.http().get(`${base(caseId)}?status=pending&status=in_progress&sort_by=due_date&sort_order=asc`).set(owner.auth).expect(200)).body.data as View[];
      expect(open.map((goal) => [goal.title, goal.is_overdue])).toEqual([['b', true], ['a', true], ['c', false], ['g', false], ['f', false]]);
      // Nothing was written for it: the representation (and its ETag) changed with the day alone.
      const afterDay = await t.http().get(`${base(caseId)}/${goals.pendingPast.id}`).set(owner.auth).expect(200);
      expect(afterDay.headers.etag).not.toBe(etagBefore);
      expect((await row(goals.pendingPast.id)).version).toBe(1);
      expect((await t.sql("select column_name from information_schema.columns where table_name = 'goals' and column_name like '%overdue%'")).length).toBe(0);

      // The next day the goal due today is overdue too; completing one ends it.
      at('2026-06-16T00:00:01.000Z');
      expect((await read(caseId, goals.dueToday.id)).is_overdue).toBe(true);
      expect((await patch(caseId, goals.pendingPast.id, { status: 'completed' }).expect(200)).body.data.is_overdue).toBe(false);
      expect((await patch(caseId, goals.completedPast.id, { status: 'pending' }).expect(200)).body.data.is_overdue).toBe(true);
      expect((await patch(caseId, goals.inProgressPast.id, { due_date: '2026-06-20' }).expect(200)).body.data.is_overdue).toBe(false);
    });
  });

  describe('assigned_to: a user who can reach the case (§13.1)', () => {
    const address = (label: string) => `${label}-${++seq}-${Date.now()}@goals.example.test`;
    const invite = async (caseId: string, email: string) =>
      (await t.http().post(`/v1/cases/${caseId}/collaborators`).set(owner.auth).send({ email, role: 'editor' }).expect(201)).body.data as View;
    const accept = async (code: string) => (await t.http().post('/v1/invitations/accept').send({ code }).expect(200)).body.data as View;

    async function refused(res: Awaited<ReturnType<typeof post>>, caseId: string, count: number): Promise<void> {
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([['assigned_to', 'rule']]);
      expect((await t.sql('select id from goals where case_id = $1', [caseId])).length).toBe(count);
    }

    it('accepts a member of the organization (any role), an accepted collaborator of another organization and a guest', async () => {
      const caseId = await newCase();
      const member = await t.join(owner, 'member');
      const admin = await t.join(owner, 'admin');
      const outsider = await t.invite('pro');
      const [{ email }] = await t.sql<{ email: string }>('select email from users where id = $1', [outsider.userId]);
      expect((await accept((await invite(caseId, email)).invitation_code)).user_id).toBe(outsider.userId);
      const guest = await accept((await invite(caseId, address('guest'))).invitation_code);
      expect(guest.organization_id).toBeNull();

      for (const user of [owner.userId, member.userId, admin.userId, outsider.userId, guest.user_id]) {
        const goal = await created(caseId, { title: 'Collect the mail', assigned_to: user });
        expect(goal.assigned_to).toBe(user);
        expect((await row(goal.id)).assigned_to).toBe(user);
      }
      // The collaborator may assign goals to itself on the shared case.
      const own = await created(caseId, { title: 'Call the bank', assigned_to: outsider.userId }, outsider);
      expect(own.assigned_to).toBe(outsider.userId);
      const mine = await t.http().get(`${base(caseId)}?assigned_to=${outsider.userId}`).set(owner.auth).expect(200);
      expect(mine.body.data.map((goal: View) => goal.title).sort()).toEqual(['Call the bank', 'Collect the mail']);
    });

    it('refuses a user of another organization, a collaborator who has not accepted, a deactivated member and an unknown id (422, nothing written)', async () => {
      const caseId = await newCase();
      const outsider = await t.invite('pro');
      await refused(await post(caseId, { title: 'x', assigned_to: outsider.userId }), caseId, 0);
      // Invited but not accepted: not yet a collaborator.
      const [{ email }] = await t.sql<{ email: string }>('select email from users where id = $1', [outsider.userId]);
      const pending = await invite(caseId, email);
      await refused(await post(caseId, { title: 'x', assigned_to: outsider.userId }), caseId, 0);
      // A collaborator of another case of the organization does not reach this one.
      const otherCase = await newCase();
      const elsewhere = await t.invite('pro');
      const [{ email: elsewhereEmail }] = await t.sql<{ email: string }>('select email from users where id = $1', [elsewhere.userId]);
      await accept((await invite(otherCase, elsewhereEmail)).invitation_code);
      await refused(await post(caseId, { title: 'x', assigned_to: elsewhere.userId }), caseId, 0);
      const leaver = await t.join(owner, 'member');
      await t.http().post(`/v1/pro-users/${leaver.userId}/deactivate`).set(owner.auth).expect(200);
      await refused(await post(caseId, { title: 'x', assigned_to: leaver.userId }), caseId, 0);
      await refused(await post(caseId, { title: 'x', assigned_to: UNKNOWN_USER }), caseId, 0);
      // Once accepted, the same user is welcome.
      expect(pending.status).toBe('pending');
      await accept(pending.invitation_code);
      await created(caseId, { title: 'x', assigned_to: outsider.userId });
    });

    it('PATCH: reassigning to a user who cannot reach the case is 422 (row unchanged); an assignee who lost access stays until reassigned', async () => {
      const caseId = await newCase();
      const outsider = await t.invite('pro');
      const [{ email }] = await t.sql<{ email: string }>('select email from users where id = $1', [outsider.userId]);
      const collaborator = await invite(caseId, email);
      await accept(collaborator.invitation_code);
      const goal = await created(caseId, { title: 'Sell the car', assigned_to: outsider.userId });
      const stranger = await t.invite('pro');
      const before = await row(goal.id);
      const res = await patch(caseId, goal.id, { assigned_to: stranger.userId });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['assigned_to']);
      expect(await row(goal.id)).toEqual(before);

      await t.http().delete(`/v1/cases/${caseId}/collaborators/${collaborator.id}`).set(owner.auth).expect(204);
      // Other edits still pass, restating the same assignee too: the assignment is checked when it is set or changed.
      expect((await patch(caseId, goal.id, { notes: 'Title in the glovebox.' }).expect(200)).body.data.assigned_to).toBe(outsider.userId);
      expect((await patch(caseId, goal.id, { assigned_to: outsider.userId, title: 'Sell the car soon' }).expect(200)).body.data.assigned_to).toBe(outsider.userId);
      const member = await t.join(owner, 'member');
      expect((await patch(caseId, goal.id, { assigned_to: member.userId }).expect(200)).body.data.assigned_to).toBe(member.userId);
      expect((await patch(caseId, goal.id, { assigned_to: null }).expect(200)).body.data.assigned_to).toBeNull();
    });
  });

  it('lists in order, then by due date: sort_by=order and due_date, nulls included', async () => {
    const caseId = await newCase();
    const make = (title: string, body: object) => created(caseId, { title, ...body });
    await make('third', { order: 3, due_date: '2026-02-01' });
    await make('first', { order: 1, due_date: '2026-03-01' });
    await make('second', { order: 2 });
    const byOrder = (await t.http().get(`${base(caseId)}?sort_by=order&sort_order=asc`).set(owner.auth).expect(200)).body.data as View[];
    expect(byOrder.map((goal) => goal.title)).toEqual(['first', 'second', 'third']);
    const byDue = (await t.http().get(`${base(caseId)}?sort_by=due_date&sort_order=asc`).set(owner.auth).expect(200)).body.data as View[];
    expect(byDue.map((goal) => goal.title).slice(0, 2)).toEqual(['third', 'first']);
    expect(byDue).toHaveLength(3);
    expectError(await t.http().get(`${base(caseId)}?sort_by=is_overdue`).set(owner.auth), 400, 'bad_request');
  });
});
