import { EventOutbox, UnitOfWork } from '@estate/shared-kernel';
import { TransferProcessor } from '@estate/transfers';
import { DeadlineEventScheduler } from '@estate/court';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';

/**
 * Contract §14.1–§14.3 and §14.7: every change told once, in its own transaction, readable newest first. What every
 * collection promises of the feed and of a case's events (`GET /v1/events`, `/v1/events/{id}` and
 * `/v1/cases/{case_id}/events`: paging, sorts, each filter's bad values, unknown parameters, ETags, 404s, another
 * organization's events and cases) is its generated contract's (test/contracts/events).
 */
describe('events (e2e, contract §14)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off' });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const newCase = async (body: Record<string, unknown> = {}): Promise<string> =>
    (await t.http().post('/v1/cases').set(owner.auth).send(body).expect(201)).body.data.id;
  /** The case's events, oldest first (the API lists newest first). */
  const eventsOf = async (caseId: string, query = ''): Promise<Array<Record<string, any>>> => {
    const res = await t.http().get(`/v1/cases/${caseId}/events?per_page=100${query}`).set(owner.auth);
    expect(res.status).toBe(200);
    return [...res.body.data].reverse();
  };
  const types = (events: Array<Record<string, any>>) => events.map((event) => event.type);

  it('a create, a patch and a delete of a person are told once each, with the user as actor and the former values', async () => {
    const caseId = await newCase();
    const created = await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Ada', last_name: 'Byron', relationship: 'child' }).expect(201);
    const personId = created.body.data.id;
    await t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(owner.auth).send({ first_name: 'Augusta' }).expect(200);
    // A patch that changes no stored value tells nothing.
    await t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(owner.auth).send({ first_name: 'Augusta' }).expect(200);
    await t.http().delete(`/v1/cases/${caseId}/persons/${personId}`).set(owner.auth).expect(204);

    const events = await eventsOf(caseId);
    expect(types(events)).toEqual(['case.created', 'person.created', 'person.updated', 'person.deleted']);
    const [, made, updated, deleted] = events;
    expect(made).toMatchObject({ case_id: caseId, data: { object: created.body.data, actor: { type: 'user', id: owner.userId } } });
    expect(made.data.previous_attributes).toBeUndefined();
    expect(updated.data.previous_attributes).toEqual({ first_name: 'Ada' });
    expect(updated.data.object).toMatchObject({ id: personId, first_name: 'Augusta' });
    expect(deleted.data.object).toMatchObject({ id: personId, first_name: 'Augusta' });
    for (let index = 1; index < events.length; index++) expect(events[index].created_at >= events[index - 1].created_at).toBe(true);
    // One row per change in the outbox, nothing else.
    const rows = await t.sql<{ count: string }>('select count(*) as count from events where case_id = $1', [caseId]);
    expect(Number(rows[0].count)).toBe(4);
  });

  it('a case created with its deceased and authority tells all three; sensitive numbers are masked in the event', async () => {
    const caseId = await newCase({
      deceased: { first_name: 'Edith', last_name: 'Wharton', date_of_death: '2026-01-05', ssn: '123-45-6789' },
      authority: { level: 'level_2', types: ['executor_in_will'] },
    });
    const events = await eventsOf(caseId);
    expect(types(events)).toEqual(['case.created', 'deceased.created', 'authority.created']);
    expect(events[1].data.object.ssn).not.toContain('123-45');
    expect(JSON.stringify(events)).not.toContain('6789'.padStart(9, '12345'));

    await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ institution_name: 'Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123451234' }).expect(201);
    const [account] = (await eventsOf(caseId, '&type=bank_account.created'));
    expect(account.data.object.account_number).not.toBe('000123451234');
    expect(JSON.stringify(account)).not.toContain('000123451234');
  });

  it('a status move is told as status_changed; a transfer\'s whole lifecycle by the processor names the service as actor', async () => {
    const caseId = await newCase({ authority: { level: 'level_2', types: ['executor_in_will'] } });
    const bank = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open' };
    await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth)
      .send({ ...bank, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 }).expect(201);
    const source = (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...bank, account_number: '000123451234', available_balance: 1000, current_balance: 1000 }).expect(201)).body.data;
    const transfer = (await t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).send({ bank_account_id: source.id, amount: 100 }).expect(201)).body.data;
    await t.app.get(TransferProcessor).drain();

    const told = (await eventsOf(caseId, '&type=transfer.*'));
    expect(types(told)).toEqual(['transfer.created', ...Array(5).fill('transfer.status_changed')]);
    expect(told[0].data.actor).toEqual({ type: 'user', id: owner.userId });
    const moves = told.slice(1).map((event) => [event.data.previous_attributes.status, event.data.object.status]);
    expect(moves).toEqual([['requested', 'verifying'], ['verifying', 'approved'], ['approved', 'submitted'], ['submitted', 'in_transit'], ['in_transit', 'settled']]);
    for (const event of told.slice(1)) expect(event.data.actor).toEqual({ type: 'system', id: 'transfer_processor' });
    expect(told.every((event) => event.data.object.id === transfer.id)).toBe(true);
    // No transfer.updated exists (contract §14.2): not among the events (nor a type to filter by: the contract's refusals).
    expect(types(await eventsOf(caseId))).not.toContain('transfer.updated');
    // Settlement's ledger rows are told as transaction.created.
    expect((await eventsOf(caseId, '&type=transaction.created')).length).toBe(2);
  });

  it('a rolled-back write emits nothing; an emit outside a transaction is refused', async () => {
    const caseId = await newCase();
    const outbox = t.app.get(EventOutbox);
    const uow = t.app.get(UnitOfWork);
    await expect(
      uow.run(async (em) => {
        await outbox.emit(em, { type: 'person.created', caseId, object: { id: 'x' } });
        throw new Error('the change failed after its event was written');
      }, { caseId }),
    ).rejects.toThrow('the change failed');
    expect(types(await eventsOf(caseId))).toEqual(['case.created']);
    // A request that fails validation writes neither the record nor an event.
    await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 42 }).expect(422);
    expect(types(await eventsOf(caseId))).toEqual(['case.created']);
  });

  it("deleting a case deletes its events except case.deleted, which stays readable by the organization", async () => {
    const caseId = await newCase();
    await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Ada', last_name: 'Byron', relationship: 'child' }).expect(201);
    await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
    const rows = await t.sql<{ type: string }>('select type from events where case_id = $1', [caseId]);
    expect(rows.map((row) => row.type)).toEqual(['case.deleted']);
    const listed = await t.http().get(`/v1/events?case_id=${caseId}`).set(owner.auth).expect(200);
    expect(types(listed.body.data)).toEqual(['case.deleted']);
    expect(listed.body.data[0].data.object.id).toBe(caseId);
    expectError(await t.http().get(`/v1/cases/${caseId}/events`).set(owner.auth), 404, 'not_found');
  });

  it('reads: one event as its case lists it, filters; another organization sees none of it', async () => {
    const caseId = await newCase();
    for (let index = 0; index < 3; index++) {
      await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: `P${index}`, last_name: 'X', relationship: 'child' }).expect(201);
    }
    const all = await eventsOf(caseId);
    const newest = all[all.length - 1];
    // The case's list shows each event as its read does (the feed's, its ETag and 404s are the contract's: test/contracts/events).
    const one = await t.http().get(`/v1/events/${newest.id}`).set(owner.auth).expect(200);
    expect(one.body.data).toEqual(newest);

    expect(types((await t.http().get(`/v1/events?case_id=${caseId}&type=person.*`).set(owner.auth).expect(200)).body.data)).toEqual(Array(3).fill('person.created'));
    expect(types((await t.http().get(`/v1/events?case_id=${caseId}&type=case.created&type=person.created`).set(owner.auth).expect(200)).body.data)).toHaveLength(4);
    const after = (await t.http().get(`/v1/events?case_id=${caseId}&created_after=${encodeURIComponent(all[0].created_at)}`).set(owner.auth).expect(200)).body.data;
    expect(after.every((event: Record<string, any>) => event.created_at > all[0].created_at)).toBe(true);

    // A case_id of another organization's case narrows the feed to nothing (its page and cursor modes, and the case's
    // list's, are the contract's).
    expect((await t.http().get(`/v1/events?case_id=${caseId}`).set(stranger.auth).expect(200)).body.data).toEqual([]);
  });

  // Issue 33 (item 8): a token reads the events of every case it reaches (contract-extensions §13.1, §14.3), a case
  // shared with it included, as a guest or as a member of another organization; organization-level events only for
  // the organization's owners and admins.
  it('collaborators read the events of their shared case on every events route, and nothing else of the organization', async () => {
    const shared = await newCase();
    const other = await newCase();
    await t.http().post(`/v1/cases/${shared}/persons`).set(owner.auth).send({ first_name: 'Ada', last_name: 'Byron', relationship: 'child' }).expect(201);
    await t.http().post(`/v1/cases/${other}/persons`).set(owner.auth).send({ first_name: 'Not', last_name: 'Shared', relationship: 'child' }).expect(201);
    const seat = async (email: string) =>
      (await t.http().post(`/v1/cases/${shared}/collaborators`).set(owner.auth).send({ email, role: 'viewer' }).expect(201)).body.data;
    const accept = async (code: string) => (await t.http().post('/v1/invitations/accept').send({ code }).expect(200)).body.data;
    // A guest (a new address), and a member of another organization (the stranger) seated as a viewer.
    const guestToken = (await accept((await seat(`guest-${Date.now()}@example.test`)).invitation_code)).token as string;
    const guest = { Authorization: `Bearer ${guestToken}` };
    const [strangerEmail] = await t.sql<{ email: string }>('select email from users where id = $1', [stranger.userId]);
    const strangerSeat = await seat(strangerEmail.email);
    await accept(strangerSeat.invitation_code);
    const strangerCase = (await t.http().post('/v1/cases').set(stranger.auth).send({}).expect(201)).body.data.id;
    // An organization-level event of the owner's organization.
    await t.http().post('/v1/pro-users').set(owner.auth).send({ email: `member-${Date.now()}@example.test` }).expect(201);

    const sharedEvents = await eventsOf(shared);
    const sharedIds = sharedEvents.map((event) => event.id).sort();
    expect(types(sharedEvents)).toEqual(expect.arrayContaining(['case.created', 'person.created', 'collaborator.created']));
    const otherEvent = (await eventsOf(other))[0];
    const [orgLevel] = await t.sql<{ id: string }>(`select id from events where organization_id = $1 and case_id is null order by id desc limit 1`, [owner.organizationId]);
    expect(orgLevel).toBeDefined();
    const listAll = async (auth: Record<string, string>) => {
      const res = await t.http().get('/v1/events?per_page=100').set(auth);
      expect(res.status).toBe(200);
      return res.body.data as Array<Record<string, any>>;
    };

    // The guest: exactly the shared case's events, on all three routes.
    expect((await listAll(guest)).map((event) => event.id).sort()).toEqual(sharedIds);
    expect((await t.http().get(`/v1/events?case_id=${shared}`).set(guest).expect(200)).body.data.map((event: Record<string, any>) => event.id).sort()).toEqual(sharedIds);
    expect((await t.http().get(`/v1/events?case_id=${other}`).set(guest).expect(200)).body.data).toEqual([]);
    expect((await t.http().get(`/v1/cases/${shared}/events?per_page=100`).set(guest).expect(200)).body.data.map((event: Record<string, any>) => event.id).sort()).toEqual(sharedIds);
    expect((await t.http().get(`/v1/events/${sharedEvents[0].id}`).set(guest).expect(200)).body.data).toEqual(sharedEvents[0]);
    expectError(await t.http().get(`/v1/events/${otherEvent.id}`).set(guest), 404, 'not_found');
    expectError(await t.http().get(`/v1/events/${orgLevel.id}`).set(guest), 404, 'not_found');

    // The member of another organization: its own organization's events and the shared case's, not the owner's others.
    const strangers = (await listAll(stranger.auth)).map((event) => event.id);
    expect(strangers).toEqual(expect.arrayContaining(sharedIds));
    expect(strangers).not.toContain(otherEvent.id);
    expect(strangers).not.toContain(orgLevel.id);
    const [strangerCaseCreated] = await t.sql<{ id: string }>(`select id from events where case_id = $1 and type = 'case.created'`, [strangerCase]);
    expect(strangers).toContain(strangerCaseCreated.id);
    expect((await t.http().get(`/v1/events/${sharedEvents[0].id}`).set(stranger.auth).expect(200)).body.data.id).toBe(sharedEvents[0].id);
    expectError(await t.http().get(`/v1/events/${orgLevel.id}`).set(stranger.auth), 404, 'not_found');
    expect((await t.http().get(`/v1/events?case_id=${shared}&per_page=100`).set(stranger.auth).expect(200)).body.data.map((event: Record<string, any>) => event.id).sort()).toEqual(sharedIds);

    // Its seat removed, the case's events are out of its reach again.
    await t.http().delete(`/v1/cases/${shared}/collaborators/${strangerSeat.id}`).set(owner.auth).expect(204);
    expectError(await t.http().get(`/v1/events/${sharedEvents[0].id}`).set(stranger.auth), 404, 'not_found');
    expect((await t.http().get(`/v1/events?case_id=${shared}`).set(stranger.auth).expect(200)).body.data).toEqual([]);
  });

  it('filters by any type that exists: *, a key pattern, a status move, a scheduled type, a single one', async () => {
    const caseId = await newCase();
    for (const type of ['*', 'transaction.*', 'transfer.status_changed', 'deadline.reminder', 'webhook_endpoint.ping', 'email.deleted']) {
      await t.http().get(`/v1/events?type=${type}`).set(owner.auth).expect(200);
    }
    expect(types(await eventsOf(caseId, '&type=case.*&type=transaction.updated'))).toEqual(['case.created']);
  });

  it('scheduled events: deadline.reminder and deadline.overdue are sent once each, catching up on missed days', async () => {
    const caseId = await newCase();
    const deadline = async (body: Record<string, unknown>) =>
      (await t.http().post(`/v1/cases/${caseId}/probate/deadlines`).set(owner.auth).send({ title: 'Inventory', type: 'inventory', ...body }).expect(201)).body.data;
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const remindSoon = await deadline({ due_date: inDays(3), reminder_days_before: 5 });
    const remindLater = await deadline({ due_date: inDays(30), reminder_days_before: 5 });
    const late = await deadline({ due_date: inDays(-2) });
    const done = await deadline({ due_date: inDays(-2), status: 'completed', completed_date: today });

    const scheduler = t.app.get(DeadlineEventScheduler);
    await scheduler.runOnce();
    await scheduler.runOnce();
    const scheduled = await eventsOf(caseId, '&type=deadline.reminder&type=deadline.overdue');
    expect(scheduled.map((event) => [event.type, event.data.object.id]).sort()).toEqual(
      [['deadline.overdue', late.id], ['deadline.reminder', remindSoon.id]].sort(),
    );
    expect(scheduled.every((event) => event.data.actor.type === 'system' && event.data.actor.id === 'scheduler')).toBe(true);
    expect([remindLater.id, done.id].some((id) => scheduled.some((event) => event.data.object.id === id))).toBe(false);
  });

  it('a closure step whose status moves is told as closure_step.status_changed', async () => {
    const caseId = await newCase();
    const step = (await t.http().post(`/v1/cases/${caseId}/closure/steps`).set(owner.auth).send({ step_type: 'close_bank_account', title: 'Close the checking account' }).expect(201)).body.data;
    await t.http().patch(`/v1/cases/${caseId}/closure/steps/${step.id}`).set(owner.auth).send({ status: 'in_progress' }).expect(200);
    const told = await eventsOf(caseId, '&type=closure_step.*');
    expect(types(told)).toEqual(['closure_step.created', 'closure_step.status_changed']);
    expect(told[1].data.previous_attributes.status).toBe(step.status);
  });
});
