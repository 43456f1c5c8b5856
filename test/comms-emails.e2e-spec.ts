import { detailFields, expectError } from './support/api-assertions';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Emails (contract §3) and their delivery receipts (`#26`): what is their own — queued from the service's address,
 * the institution contact, the receipt lifecycle driven by the simulated provider in the background (no real mail
 * leaves the machine). What every resource promises is the generated contract's (test/contracts/comms).
 */
describe('emails (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let caseId: string;
  let emails: string;
  const saved = { ...process.env };

  async function newCase(caller: TestCaller): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function create(body: Record<string, unknown>) {
    const res = await t.http().post(emails).set(owner.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  /** Reads the receipt until its status is `status` (the processor polls every 25 ms here). */
  async function receiptReaching(emailId: string, status: string) {
    for (let i = 0; i < 200; i++) {
      const res = await t.http().get(`${emails}/${emailId}/receipt`).set(owner.auth);
      expect(res.status).toBe(200);
      if (res.body.data.status === status) return res.body.data;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the receipt of ${emailId} never reached ${status}`);
  }

  const letter = (to: string) => ({ to, subject: 'Estate of Samuel Okafor', body: 'Please find attached the letters testamentary.' });

  beforeAll(async () => {
    Object.assign(process.env, { PROVIDER_STEP_DELAY_MS: '0', EMAIL_FROM_ADDRESS: 'desk@estatedesk.example' });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    caseId = await newCase(owner);
    emails = `/v1/cases/${caseId}/emails`;
  });
  afterAll(async () => {
    await t.close();
    process.env = saved;
  });

  it('POST 201 queued, from the service address by default; the receipt exists at once', async () => {
    const res = await t.http().post(emails).set(owner.auth).send(letter('estates@bank.example'));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...letter('estates@bank.example'), from: 'desk@estatedesk.example', status: 'queued', sent_at: null, institution_contact_id: null });
    const custom = await create({ ...letter('estates@bank.example'), from: 'grace@example.com' });
    expect(custom.from).toBe('grace@example.com');
  });

  it('#26: the receipt moves from queued to delivered, with provider, message id and times; the email follows', async () => {
    const email = await create(letter('estates+claims@bank.example'));
    const delivered = await receiptReaching(email.id, 'delivered');
    expect(delivered).toEqual({
      email_id: email.id,
      message_id: expect.stringMatching(/^<sim-/),
      provider: 'simulator',
      status: 'delivered',
      status_detail: null,
      sent_at: expect.stringMatching(/Z$/),
      delivered_at: expect.stringMatching(/Z$/),
      opened_at: null,
    });
    const read = await t.http().get(`${emails}/${email.id}`).set(owner.auth);
    expect(read.body.data).toMatchObject({ status: 'delivered', sent_at: delivered.sent_at });
    expect(read.headers.etag).toMatch(/^"[^"]+"$/);
    const receipt = await t.http().get(`${emails}/${email.id}/receipt`).set(owner.auth);
    expect(receipt.headers.etag).toMatch(/^"[^"]+"$/);
    expect((await t.http().get(`${emails}/${email.id}/receipt`).set(owner.auth).set('If-None-Match', receipt.headers.etag)).status).toBe(304);
  });

  it('a bouncing address bounces; open is opened; fail fails', async () => {
    const bounce = await create(letter('bounce@bank.example'));
    const opened = await create(letter('open@bank.example'));
    const failed = await create(letter('fail@bank.example'));
    expect(await receiptReaching(bounce.id, 'bounced')).toMatchObject({ status_detail: 'mailbox_unavailable', delivered_at: null, sent_at: expect.any(String) });
    expect(await receiptReaching(opened.id, 'opened')).toMatchObject({ delivered_at: expect.any(String), opened_at: expect.any(String) });
    expect(await receiptReaching(failed.id, 'failed')).toMatchObject({ status_detail: 'recipient_rejected', message_id: null, sent_at: null });
  });

  it('a new email reads queued on its receipt before the provider reports', async () => {
    const rows = await t.sql<{ id: string }>(
      `insert into emails (id, case_id, to_address, from_address, subject, body, created_at, updated_at)
       values ('01JBX8Q9W4M8Z7T3K2N5R6P0EM', $1, 'a@bank.example', 'desk@estatedesk.example', 's', 'b', now(), now()) returning id`,
      [caseId],
    );
    const res = await t.http().get(`${emails}/${rows[0].id}/receipt`).set(owner.auth);
    expect(res.body.data).toEqual({
      email_id: rows[0].id,
      message_id: null,
      provider: null,
      status: 'queued',
      status_detail: null,
      sent_at: null,
      delivered_at: null,
      opened_at: null,
    });
  });

  it('names an institution contact of the case, and refuses an unknown one (422, nothing written)', async () => {
    const contact = await t.http().post(`/v1/cases/${caseId}/institution-contacts`).set(owner.auth).send({ institution_name: 'First Prairie Bank', account_types: ['bank'] });
    const email = await create({ ...letter('estates@bank.example'), institution_contact_id: contact.body.data.id });
    expect(email.institution_contact_id).toBe(contact.body.data.id);

    const before = await t.sql('select count(*)::int as n from emails');
    const unknown = await t.http().post(emails).set(owner.auth).send({ ...letter('a@bank.example'), institution_contact_id: '01BX5ZZKBKACTAV9WEVGEMMVRZ' });
    expectError(unknown, 422, 'validation_error');
    expect(detailFields(unknown)).toEqual(['institution_contact_id']);
    expect(await t.sql('select count(*)::int as n from emails')).toEqual(before);
  });

  it('the status filter follows the provider’s moves; a deleted email’s receipt is 404 too', async () => {
    const listCase = await newCase(owner);
    const path = `/v1/cases/${listCase}/emails`;
    for (const to of ['a@bank.example', 'b@bank.example', 'fail@bank.example']) await t.http().post(path).set(owner.auth).send(letter(to)).expect(201);
    const all = await t.http().get(path).set(owner.auth);
    expect(all.body.meta.total_count).toBe(3);
    for (let i = 0; i < 200; i++) {
      const failed = await t.http().get(path).query({ status: 'failed' }).set(owner.auth);
      if (failed.body.data.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const failed = await t.http().get(path).query({ status: 'failed' }).set(owner.auth);
    expect(failed.body.data.map((email: { to: string }) => email.to)).toEqual(['fail@bank.example']);

    const email = all.body.data[0];
    expect((await t.http().delete(`${path}/${email.id}`).set(owner.auth)).status).toBe(204);
    expectError(await t.http().get(`${path}/${email.id}`).set(owner.auth), 404, 'not_found');
    expectError(await t.http().get(`${path}/${email.id}/receipt`).set(owner.auth), 404, 'not_found');
  });

  it('the receipt of an email of a foreign or unknown case, of another case, or of no email is 404', async () => {
    const email = await create(letter('estates@bank.example'));
    expectError(await t.http().get(`${emails}/${email.id}/receipt`).set(stranger.auth), 404, 'not_found');
    expectError(await t.http().get(`/v1/cases/01ARZ3NDEKTSV4RRFFQ69G5FAV/emails/${email.id}/receipt`).set(owner.auth), 404, 'not_found');
    const other = await newCase(owner);
    expectError(await t.http().get(`/v1/cases/${other}/emails/${email.id}/receipt`).set(owner.auth), 404, 'not_found');
    expectError(await t.http().get(`${emails}/01BX5ZZKBKACTAV9WEVGEMMVRZ/receipt`).set(owner.auth), 404, 'not_found');
  });
});
