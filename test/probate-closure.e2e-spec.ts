import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

const UNKNOWN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

/** Closure steps with sub-tasks (`#15`): statuses as read from prerequisites and sub-tasks (contract §3.2). */
describe('closure steps (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller = owner): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function addStep(caseId: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t.http().post(`/v1/cases/${caseId}/closure/steps`).set(owner.auth).send({ step_type: 'close_account', title: 'Close account', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const stepUrl = (caseId: string, id: string) => `/v1/cases/${caseId}/closure/steps/${id}`;
  const read = async (caseId: string, id: string) => (await t.http().get(stepUrl(caseId, id)).set(owner.auth)).body.data;

  it('creates a step with sub-tasks (ids assigned, defaults), reads, lists and deletes it', async () => {
    const caseId = await newCase();
    const step = await addStep(caseId, { order: 1, sub_tasks: [{ title: 'Send death certificate' }, { title: 'Request final statement', completed: true }] });
    expect(step).toMatchObject({ status: 'not_started', blocked_reason: null, depends_on: [], order: 1, completed_date: null });
    expect(step.sub_tasks).toEqual([
      { id: expect.stringMatching(/^[0-9A-Z]{26}$/), title: 'Send death certificate', completed: false, institution_contact_id: null },
      { id: expect.stringMatching(/^[0-9A-Z]{26}$/), title: 'Request final statement', completed: true, institution_contact_id: null },
    ]);
    expect(await read(caseId, step.id)).toEqual(step);
    const list = await t.http().get(`/v1/cases/${caseId}/closure/steps`).set(owner.auth);
    expect(list.body.data.map((s: any) => s.id)).toEqual([step.id]);
    await t.http().delete(stepUrl(caseId, step.id)).set(owner.auth).expect(204);
    expectError(await t.http().get(stepUrl(caseId, step.id)).set(owner.auth), 404, 'not_found');
  });

  it('validates: required fields, writable statuses, sub-task items, depends_on of this case without cycles', async () => {
    const caseId = await newCase();
    const missing = await t.http().post(`/v1/cases/${caseId}/closure/steps`).set(owner.auth).send({ sub_tasks: [{ completed: 'yes' }] });
    expectError(missing, 422, 'validation_error');
    expect(detailFields(missing)).toEqual(expect.arrayContaining(['step_type', 'title', 'sub_tasks[0].title', 'sub_tasks[0].completed'].map((f) => expect.stringContaining(f.split('[')[0]))));
    const blocked = await t.http().post(`/v1/cases/${caseId}/closure/steps`).set(owner.auth).send({ step_type: 'x', title: 'x', status: 'blocked' });
    expectError(blocked, 422, 'validation_error');
    expect(detailFields(blocked)).toEqual(['status']);
    const completedWithTasks = await t.http()
      .post(`/v1/cases/${caseId}/closure/steps`)
      .set(owner.auth)
      .send({ step_type: 'x', title: 'x', status: 'completed', sub_tasks: [{ title: 'a' }] });
    expectError(completedWithTasks, 422, 'validation_error');
    expect(detailFields(completedWithTasks)).toEqual(['status']);

    const foreignCase = await newCase(stranger);
    const theirs = (await t.http().post(`/v1/cases/${foreignCase}/closure/steps`).set(stranger.auth).send({ step_type: 'x', title: 'x' })).body.data;
    const foreignDep = await t.http().post(`/v1/cases/${caseId}/closure/steps`).set(owner.auth).send({ step_type: 'x', title: 'x', depends_on: [theirs.id] });
    expectError(foreignDep, 422, 'validation_error');
    expect(detailFields(foreignDep)).toEqual(['depends_on[0]']);

    const a = await addStep(caseId, { title: 'A' });
    const b = await addStep(caseId, { title: 'B', depends_on: [a.id] });
    const cycle = await t.http().patch(stepUrl(caseId, a.id)).set(owner.auth).send({ depends_on: [b.id] });
    expectError(cycle, 422, 'validation_error');
    expect(detailFields(cycle)).toEqual(['depends_on']);
    const self = await t.http().patch(stepUrl(caseId, a.id)).set(owner.auth).send({ depends_on: [a.id] });
    expectError(self, 422, 'validation_error');
    expect(detailFields(self)).toEqual(['depends_on[0]']);
    const contact = await t.http().post(`/v1/cases/${caseId}/closure/steps`).set(owner.auth).send({ step_type: 'x', title: 'x', sub_tasks: [{ title: 'a', institution_contact_id: UNKNOWN_ID }] });
    expectError(contact, 422, 'validation_error');
    expect(detailFields(contact)).toEqual(['sub_tasks[0].institution_contact_id']);
  });

  it('reads a step blocked with a reason while a prerequisite is neither completed nor skipped, and unblocks it after', async () => {
    const caseId = await newCase();
    const first = await addStep(caseId, { title: 'Obtain letters testamentary' });
    const second = await addStep(caseId, { title: 'Close the account', depends_on: [first.id], status: 'in_progress' });
    expect(second.status).toBe('blocked');
    expect(second.blocked_reason).toContain('Obtain letters testamentary');
    const third = await addStep(caseId, { title: 'Distribute', depends_on: [second.id] });
    expect(third.status).toBe('blocked');

    const blockedList = await t.http().get(`/v1/cases/${caseId}/closure/steps?status=blocked`).set(owner.auth);
    expect(blockedList.body.data.map((s: any) => s.id).sort()).toEqual([second.id, third.id].sort());

    const etag = (await t.http().get(stepUrl(caseId, second.id)).set(owner.auth)).headers.etag;
    await t.http().patch(stepUrl(caseId, first.id)).set(owner.auth).send({ status: 'completed' }).expect(200);
    const after = await t.http().get(stepUrl(caseId, second.id)).set(owner.auth).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ status: 'in_progress', blocked_reason: null });
    expect((await read(caseId, third.id)).status).toBe('blocked');
    expect((await read(caseId, first.id)).completed_date).toBe(new Date().toISOString().slice(0, 10));

    await t.http().patch(stepUrl(caseId, second.id)).set(owner.auth).send({ status: 'skipped' }).expect(200);
    expect((await read(caseId, third.id)).status).toBe('not_started');

    // Blocked wins over everything else; deleting the prerequisite releases its dependants.
    await t.http().patch(stepUrl(caseId, first.id)).set(owner.auth).send({ status: 'waiting' }).expect(200);
    expect((await read(caseId, second.id)).status).toBe('blocked');
    await t.http().delete(stepUrl(caseId, first.id)).set(owner.auth).expect(204);
    expect(await read(caseId, second.id)).toMatchObject({ status: 'skipped', depends_on: [], blocked_reason: null });
  });

  it('#15: updates one sub-task and answers the whole step, which reads completed when all its sub-tasks are', async () => {
    const caseId = await newCase();
    const step = await addStep(caseId, { status: 'in_progress', sub_tasks: [{ title: 'One' }, { title: 'Two' }] });
    const [one, two] = step.sub_tasks;
    const subUrl = (id: string) => `${stepUrl(caseId, step.id)}/sub-tasks/${id}`;

    const first = await t.http().patch(subUrl(one.id)).set(owner.auth).send({ completed: true });
    expect(first.status).toBe(200);
    expect(first.body.data.id).toBe(step.id);
    expect(first.body.data.sub_tasks).toEqual([{ ...one, completed: true }, two]);
    expect(first.body.data.status).toBe('in_progress');

    const second = await t.http().patch(subUrl(two.id)).set(owner.auth).send({ completed: true, title: 'Two, done' });
    expect(second.body.data).toMatchObject({ status: 'completed', completed_date: new Date().toISOString().slice(0, 10) });
    expect(second.headers.etag).toBeDefined();

    const undone = await t.http().patch(subUrl(two.id)).set(owner.auth).send({ completed: false });
    expect(undone.body.data.status).toBe('in_progress');

    const bad = await t.http().patch(subUrl(one.id)).set(owner.auth).send({ completed: 'yes', title: null, id: 'x' });
    expectError(bad, 422, 'validation_error');
    expect(detailFields(bad).sort()).toEqual(['completed', 'id', 'title']);
    const badContact = await t.http().patch(subUrl(one.id)).set(owner.auth).send({ institution_contact_id: UNKNOWN_ID });
    expectError(badContact, 422, 'validation_error');
    expect(detailFields(badContact)).toEqual(['institution_contact_id']);
    expectError(await t.http().patch(subUrl(UNKNOWN_ID)).set(owner.auth).send({ completed: true }), 404, 'not_found');
    expectError(await t.http().patch(`${stepUrl(caseId, UNKNOWN_ID)}/sub-tasks/${one.id}`).set(owner.auth).send({ completed: true }), 404, 'not_found');
    const stale = await t.http().patch(subUrl(one.id)).set(owner.auth).set('If-Match', step.id).send({ completed: false });
    expectError(stale, 412, 'precondition_failed');

    // A stored `completed` with open sub-tasks reads in_progress; replacing the sub-tasks keeps the ids sent.
    const replaced = await t.http().patch(stepUrl(caseId, step.id)).set(owner.auth).send({ sub_tasks: [{ id: one.id, title: 'One', completed: true }, { title: 'Three' }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.sub_tasks[0].id).toBe(one.id);
    expect(replaced.body.data.sub_tasks[1].id).not.toBe(two.id);
    expect(replaced.body.data.status).toBe('in_progress');
  });

  it('takes an institution contact of the case on a sub-task, and releases it when the contact is deleted', async () => {
    const caseId = await newCase();
    const contact = await t.http().post(`/v1/cases/${caseId}/institution-contacts`).set(owner.auth).send({ institution_name: 'First Bank', account_types: ['bank'] });
    expect(contact.status).toBe(201);
    const step = await addStep(caseId, { sub_tasks: [{ title: 'Call the bank', institution_contact_id: contact.body.data.id }, { title: 'Other' }] });
    expect(step.sub_tasks[0].institution_contact_id).toBe(contact.body.data.id);
    const otherCase = await newCase();
    const elsewhere = await t.http()
      .post(`/v1/cases/${otherCase}/closure/steps`)
      .set(owner.auth)
      .send({ step_type: 'x', title: 'x', sub_tasks: [{ title: 'a', institution_contact_id: contact.body.data.id }] });
    expectError(elsewhere, 422, 'validation_error');
    await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contact.body.data.id}`).set(owner.auth).expect(204);
    const after = await read(caseId, step.id);
    expect(after.sub_tasks.map((task: any) => task.institution_contact_id)).toEqual([null, null]);
    expect(after.sub_tasks.map((task: any) => task.title)).toEqual(['Call the bank', 'Other']);
  });

  it('answers 404 on the sub-task route for a foreign or unknown case and for another case’s step', async () => {
    const foreign = await newCase(stranger);
    const theirs = (await t.http().post(`/v1/cases/${foreign}/closure/steps`).set(stranger.auth).send({ step_type: 'x', title: 'x', sub_tasks: [{ title: 'a' }] })).body.data;
    for (const caseId of [foreign, UNKNOWN_ID]) {
      expectError(await t.http().get(`/v1/cases/${caseId}/closure/steps`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().patch(`/v1/cases/${caseId}/closure/steps/${theirs.id}/sub-tasks/${theirs.sub_tasks[0].id}`).set(owner.auth).send({ completed: true }), 404, 'not_found');
    }
    const mine = await newCase();
    expectError(await t.http().get(stepUrl(mine, theirs.id)).set(owner.auth), 404, 'not_found');
    expectError(await t.http().patch(`${stepUrl(mine, theirs.id)}/sub-tasks/${theirs.sub_tasks[0].id}`).set(owner.auth).send({ completed: true }), 404, 'not_found');
  });
});
