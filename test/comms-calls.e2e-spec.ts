import { detailFields, expectError } from './support/api-assertions';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Phone calls (issue 9, `#25`): what is their own — the call-summary rules (filled when absent, kept when sent, items
 * ticked), the shape of an action item, the order of the call's times, the institution-contact reference. What every
 * resource promises is the generated contract's (test/contracts/comms).
 */
describe('phone calls (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let calls: string;

  const TRANSCRIPT = [
    'Agent: Thank you for calling First Prairie Bank estate services.',
    "Caller: I'm the executor for Samuel Okafor, who passed away on August 3rd. His checking account ends in 4417.",
    'Agent: I see the checking account ending in 4417 with a balance of $12,480.55.',
    'Agent: To close it we will need a certified copy of the death certificate and the letters testamentary.',
    'Agent: Please send the documents to PO Box 4410, Springfield.',
    "Caller: I'll mail the death certificate tomorrow.",
    'Agent: Goodbye.',
  ].join('\n');

  const minimal = () => ({ to_number: '+1 800 555 0199', from_number: '+1 217 555 0134', direction: 'outbound' });

  async function newCase(caller: TestCaller): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function create(body: Record<string, unknown>, path = calls) {
    const res = await t.http().post(path).set(owner.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(owner);
    calls = `/v1/cases/${caseId}/phone-calls`;
  });
  afterAll(() => t.close());

  it('#25 GET returns recording, transcript, generated summary and action items, with an ETag and 304', async () => {
    const created = await create({
      ...minimal(),
      status: 'completed',
      started_at: '2026-09-01T15:00:00.000Z',
      ended_at: '2026-09-01T15:10:42.000Z',
      duration_seconds: 642,
      recording_url: 'https://recordings.example/RE1.mp3',
      recording_duration_seconds: 640,
      recording_status: 'completed',
      transcript: TRANSCRIPT,
      called_by: 'Grace Okafor',
      telephony_call_sid: 'CA123',
    });
    const res = await t.http().get(`${calls}/${created.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    const call = res.body.data;
    expect(call).toMatchObject({ recording_url: 'https://recordings.example/RE1.mp3', recording_status: 'completed', transcript: TRANSCRIPT });
    expect(typeof call.summary).toBe('string');
    expect(call.summary.length).toBeGreaterThan(20);
    expect(call.summary).not.toMatch(/Agent:|Caller:/);
    expect(call.action_items).toEqual([
      { description: 'To close it we will need a certified copy of the death certificate and the letters testamentary.', completed: false },
      { description: 'Please send the documents to PO Box 4410, Springfield.', completed: false },
      { description: "I'll mail the death certificate tomorrow.", completed: false },
    ]);
    const again = await t.http().get(`${calls}/${created.id}`).set(owner.auth).set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('a summary or action items sent by the client are kept as sent', async () => {
    const both = await create({ ...minimal(), transcript: TRANSCRIPT, summary: 'Bank needs documents.', action_items: [{ description: 'Mail it' }] });
    expect(both.summary).toBe('Bank needs documents.');
    expect(both.action_items).toEqual([{ description: 'Mail it', completed: false }]);
    const itemsOnly = await create({ ...minimal(), transcript: TRANSCRIPT, action_items: [] });
    expect(itemsOnly.summary).toEqual(expect.any(String));
    expect(itemsOnly.action_items).toEqual([]);
    const summaryOnly = await create({ ...minimal(), transcript: TRANSCRIPT, summary: 'Mine.' });
    expect(summaryOnly).toMatchObject({ summary: 'Mine.', action_items: [] });
  });

  it('PATCH ticks an action item, edits notes, and keeps the summary', async () => {
    const call = await create({ ...minimal(), transcript: TRANSCRIPT });
    const read = await t.http().get(`${calls}/${call.id}`).set(owner.auth);
    const items = call.action_items.map((item: { description: string }, index: number) => ({ ...item, completed: index === 0 }));
    const res = await t.http().patch(`${calls}/${call.id}`).set(owner.auth).set('If-Match', read.headers.etag).send({ action_items: items, notes: 'Called back.' });
    expect(res.status).toBe(200);
    expect(res.body.data.action_items[0].completed).toBe(true);
    expect(res.body.data.action_items.slice(1).every((item: { completed: boolean }) => !item.completed)).toBe(true);
    expect(res.body.data).toMatchObject({ notes: 'Called back.', summary: call.summary });
  });

  it('PATCH with a transcript and no summary fills the summary and, on a call without items, the action items', async () => {
    const call = await create(minimal());
    const res = await t.http().patch(`${calls}/${call.id}`).set(owner.auth).send({ transcript: TRANSCRIPT });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual(expect.any(String));
    expect(res.body.data.action_items).toHaveLength(3);
    // Ticked items survive a new transcript; the summary follows the transcript.
    const ticked = res.body.data.action_items.map((item: object) => ({ ...item, completed: true }));
    await t.http().patch(`${calls}/${call.id}`).set(owner.auth).send({ action_items: ticked }).expect(200);
    const retold = await t.http().patch(`${calls}/${call.id}`).set(owner.auth).send({ transcript: 'Agent: Please fax the will to the estate desk.' });
    expect(retold.body.data.summary).toBe('Please fax the will to the estate desk.');
    expect(retold.body.data.action_items).toEqual(ticked);
    // A summary sent with the transcript is kept; clearing the summary asks for a new one.
    const mine = await t.http().patch(`${calls}/${call.id}`).set(owner.auth).send({ transcript: TRANSCRIPT, summary: 'Mine.' });
    expect(mine.body.data.summary).toBe('Mine.');
    const cleared = await t.http().patch(`${calls}/${call.id}`).set(owner.auth).send({ summary: null });
    expect(cleared.body.data.summary).not.toBe('Mine.');
    expect(cleared.body.data.summary).toEqual(expect.any(String));
  });

  it('422 for what is the call’s own: an action item’s shape, an end before the start, an unknown contact; nothing written', async () => {
    const before = await t.sql('select count(*)::int as n from phone_calls');
    const item = await t.http().post(calls).set(owner.auth).send({ ...minimal(), action_items: [{ completed: 'yes' }] });
    expectError(item, 422, 'validation_error');
    expect(detailFields(item).sort()).toEqual(['action_items.0.completed', 'action_items.0.description']);
    const order = await t.http().post(calls).set(owner.auth).send({ ...minimal(), started_at: '2026-09-01T15:00:00.000Z', ended_at: '2026-09-01T14:00:00.000Z' });
    expectError(order, 422, 'validation_error');
    expect(detailFields(order)).toEqual(['ended_at']);
    const contact = await t.http().post(calls).set(owner.auth).send({ ...minimal(), institution_contact_id: '01BX5ZZKBKACTAV9WEVGEMMVRZ' });
    expectError(contact, 422, 'validation_error');
    expect(detailFields(contact)).toEqual(['institution_contact_id']);
    expect(await t.sql('select count(*)::int as n from phone_calls')).toEqual(before);

    // The order holds for the merged call: a patch moving the end before the start is refused, the row unchanged.
    const call = await create({ ...minimal(), started_at: '2026-09-01T15:00:00.000Z' });
    const stored = await t.sql('select * from phone_calls where id = $1', [call.id]);
    const patch = await t.http().patch(`${calls}/${call.id}`).set(owner.auth).send({ ended_at: '2026-09-01T14:00:00.000Z' });
    expectError(patch, 422, 'validation_error');
    expect(detailFields(patch)).toEqual(['ended_at']);
    expect(await t.sql('select * from phone_calls where id = $1', [call.id])).toEqual(stored);
  });

  it('institution_contact_id names a contact of the case; deleting the contact sets it to null', async () => {
    const contact = await t.http().post(`/v1/cases/${caseId}/institution-contacts`).set(owner.auth).send({ institution_name: 'First Prairie Bank', account_types: ['bank'] });
    expect(contact.status).toBe(201);
    const call = await create({ ...minimal(), institution_contact_id: contact.body.data.id });
    expect(call.institution_contact_id).toBe(contact.body.data.id);
    await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contact.body.data.id}`).set(owner.auth).expect(204);
    const read = await t.http().get(`${calls}/${call.id}`).set(owner.auth);
    expect(read.body.data.institution_contact_id).toBeNull();
  });
});
