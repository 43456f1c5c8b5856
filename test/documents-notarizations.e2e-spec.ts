import { Clock, representationOf } from '@estate/shared-kernel';
import { CaseProbateState, NotarizationSteps, notarizationResource, NotaryProvider } from '@estate/documents';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { PNG, pdfBytes, sha256, upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const FIELDS = representationOf(notarizationResource);
const DAY_MS = 24 * 3600 * 1000;

/** Reads a binary body whole (supertest buffers only text by default). */
const binary = (res: any, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

const signer = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'Grace Okafor', email, ...extra });

/**
 * Remote online notarizations (contract-extensions §11.6) with the simulated notary (§11.4): every outcome through
 * every status with its events, the notarized PDF as a new document, cancel, expiry, an unreachable provider, every
 * refusal, and another organization. The provider's steps are taken here (`PROVIDER_PROCESSOR=off`, no delay).
 */
describe('notarizations (e2e, contract-extensions §11.6)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let steps: NotarizationSteps;
  let provider: NotaryProvider;
  let clock: Clock;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', PROVIDER_STEP_DELAY_MS: '0' });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    steps = t.app.get(NotarizationSteps);
    provider = t.app.get(NotaryProvider);
    clock = t.app.get(Clock);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const base = (caseId: string) => `/v1/cases/${caseId}/notarizations`;
  const read = async (caseId: string, id: string) => (await t.http().get(`${base(caseId)}/${id}`).set(owner.auth).expect(200)).body.data;
  const cancel = (caseId: string, id: string) => t.http().post(`${base(caseId)}/${id}/cancel`).set(owner.auth);

  async function pdf(caseId: string, bytes = pdfBytes(2), filename = 'affidavit.pdf'): Promise<Record<string, any>> {
    const res = await upload(t, owner, caseId, { bytes, filename, fields: { type: 'small_estate_affidavit' } });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function notarize(caseId: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await t.http().post(base(caseId)).set(owner.auth).send(body);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  async function started(email: string, extra: Record<string, unknown> = {}): Promise<{ caseId: string; document: Record<string, any>; notarization: Record<string, any> }> {
    const caseId = await newCase(t, owner);
    const document = await pdf(caseId);
    const notarization = await notarize(caseId, { document_id: document.id, title: 'Affidavit of heirship', signers: [signer(email)], ...extra });
    return { caseId, document, notarization };
  }

  /** Takes every due step until none is left; answers how many ran. */
  async function runSteps(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 30; round++) {
      const ran = await steps.processDue();
      if (ran === 0) return total;
      total += ran;
    }
    throw new Error('the notarization steps never ran out');
  }

  /** The notarization's events, oldest first: type, the status it shows, its former attributes and the actor. */
  async function eventsOf(id: string) {
    const rows = await t.sql<{ type: string; data: any }>(`select type, data from events where data->'object'->>'id' = $1 order by id`, [id]);
    return rows.map((row) => ({ type: row.type, status: row.data.object.status, previous: row.data.previous_attributes ?? null, actor: row.data.actor }));
  }

  it('POST 201 pending_signers: every field, signers invited, 7 days to expire, initiated by the caller; notarization.created', async () => {
    const caseId = await newCase(t, owner);
    const document = await pdf(caseId);
    const person = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' }).expect(201)).body.data;
    const res = await t.http().post(base(caseId)).set(owner.auth).send({
      document_id: document.id,
      title: 'Affidavit of heirship',
      signers: [signer('grace@example.com', { phone: '+1 217 555 0134', person_id: person.id }), { name: 'Ada Okafor', email: 'ada@example.com' }],
      act_type: 'jurat',
      notes: 'Both heirs sign.',
    });
    expect(res.status).toBe(201);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    const created = res.body.data;
    expect(Object.keys(created).sort()).toEqual([...FIELDS].sort());
    expect(created).toMatchObject({
      document_id: document.id,
      title: 'Affidavit of heirship',
      act_type: 'jurat',
      status: 'pending_signers',
      session_url: null,
      notarized_document_id: null,
      notary: null,
      journal: null,
      failure_reason: null,
      initiated_by: owner.userId,
      notes: 'Both heirs sign.',
    });
    expect(created.signers).toEqual([
      { name: 'Grace Okafor', email: 'grace@example.com', phone: '+1 217 555 0134', person_id: person.id, status: 'invited', signed_at: null },
      { name: 'Ada Okafor', email: 'ada@example.com', phone: null, person_id: null, status: 'invited', signed_at: null },
    ]);
    expect(new Date(created.expires_at).getTime() - new Date(created.created_at).getTime()).toBe(7 * DAY_MS);
    // NOTARY_PROVIDER unset: the simulator is bound (an unknown value stops start-up: simulated-notary-provider.spec.ts).
    expect(provider.name).toBe('simulator');
    const [row] = await t.sql('select case_id, status, act_type, provider_transaction_id, next_check_at, provider_attempts from notarizations where id = $1', [created.id]);
    expect(row).toMatchObject({ case_id: caseId, status: 'pending_signers', act_type: 'jurat', provider_transaction_id: null, provider_attempts: 0 });
    // The first step is a job written with the row: nothing reached the provider inside the request.
    const jobs = await t.sql(`select state from pgboss.job where name = 'notarization-step' and singleton_key = $1`, [created.id]);
    expect(jobs).toEqual([{ state: 'created' }]);
    expect(await eventsOf(created.id)).toEqual([{ type: 'notarization.created', status: 'pending_signers', previous: null, actor: { type: 'user', id: owner.userId } }]);
    // act_type defaults to acknowledgment.
    expect((await notarize(caseId, { document_id: document.id, title: 'Second', signers: [signer('x@example.com')] })).act_type).toBe('acknowledgment');
    await runSteps();
  });

  it('completes through every status; the notarized PDF is a new document, readable with the appended line; events for each step', async () => {
    const original = pdfBytes(2);
    const caseId = await newCase(t, owner);
    const document = await pdf(caseId, original, 'Will of Samuel.PDF');
    const n = await notarize(caseId, { document_id: document.id, title: 'Last will', signers: [signer('grace+will@example.com'), signer('ada@example.com')] });
    expect(await runSteps()).toBe(4);

    const done = await read(caseId, n.id);
    expect(done).toMatchObject({
      status: 'completed',
      session_url: `https://notary.simulator.invalid/sessions/${n.id.toLowerCase()}`,
      notary: { name: 'Simulated Notary', commission_state: 'UT', commission_number: 'SIM-0001', commission_expires_on: `${new Date(n.expires_at).getUTCFullYear() + 4}-12-31` },
      failure_reason: null,
    });
    for (const item of done.signers) expect(item).toMatchObject({ status: 'signed', signed_at: done.journal.performed_at });
    expect(done.journal).toEqual({
      performed_at: expect.stringMatching(/Z$/),
      identity_method: 'kba_and_credential_analysis',
      recording_retained_until: (() => {
        const retained = new Date(done.journal.performed_at);
        retained.setUTCFullYear(retained.getUTCFullYear() + 10);
        return retained.toISOString();
      })(),
    });

    const line = Buffer.from(`% simulated notarization ${n.id}\n`, 'latin1');
    const expected = Buffer.concat([original, line]);
    const notarized = (await t.http().get(`/v1/cases/${caseId}/documents/${done.notarized_document_id}`).set(owner.auth).expect(200)).body.data;
    expect(notarized).toMatchObject({
      type: 'notarized_document',
      title: 'Last will',
      file_name: 'Will of Samuel-notarized.pdf',
      content_type: 'application/pdf',
      size_bytes: expected.length,
      sha256: sha256(expected),
      page_count: 2,
      related_type: 'notarization',
      related_id: n.id,
      uploaded_by: owner.userId,
    });
    const content = await t.http().get(`/v1/cases/${caseId}/documents/${done.notarized_document_id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(content.body, expected)).toBe(0);
    const related = await t.http().get(`/v1/cases/${caseId}/documents`).query({ related_type: 'notarization', related_id: n.id }).set(owner.auth).expect(200);
    expect(related.body.data.map((d: { id: string }) => d.id)).toEqual([done.notarized_document_id]);

    const system = { type: 'system', id: 'notary_processor' };
    expect(await eventsOf(n.id)).toEqual([
      { type: 'notarization.created', status: 'pending_signers', previous: null, actor: { type: 'user', id: owner.userId } },
      { type: 'notarization.updated', status: 'pending_signers', previous: { session_url: null }, actor: system },
      { type: 'notarization.status_changed', status: 'pending_notary', previous: expect.objectContaining({ status: 'pending_signers', signers: n.signers }), actor: system },
      { type: 'notarization.status_changed', status: 'in_session', previous: { status: 'pending_notary', notary: null }, actor: system },
      { type: 'notarization.status_changed', status: 'completed', previous: expect.objectContaining({ status: 'in_session', notarized_document_id: null, journal: null }), actor: system },
    ]);
    const [documentEvent] = await t.sql<{ type: string; data: any }>(`select type, data from events where data->'object'->>'id' = $1`, [done.notarized_document_id]);
    expect(documentEvent).toMatchObject({ type: 'document.created', data: { actor: system } });
    // Nothing left to do: the completed notarization has no step.
    expect(await steps.processDue()).toBe(0);
  });

  it('the commission state is the probate case’s when the case has one (the port the probate context binds)', async () => {
    const states = t.app.get(CaseProbateState);
    const { caseId, notarization } = await started('grace@example.com');
    states.answerWith(async (id) => (id === caseId ? 'IL' : null));
    try {
      await runSteps();
    } finally {
      states.answerWith(async () => null);
    }
    expect((await read(caseId, notarization.id)).notary.commission_state).toBe('IL');
  });

  it.each([
    ['decline@example.com', 'declined', ['declined', 'invited'], null],
    ['Fail+proofing@example.com', 'failed', ['failed', 'invited'], 'identity_verification_failed'],
  ])('%s: %s from pending_signers, the signers as reported, no document', async (email, status, signerStatuses, reason) => {
    const caseId = await newCase(t, owner);
    const document = await pdf(caseId);
    const n = await notarize(caseId, { document_id: document.id, title: 'Affidavit', signers: [signer(email), signer('ada@example.com')] });
    expect(await runSteps()).toBe(2);
    const final = await read(caseId, n.id);
    expect(final).toMatchObject({ status, failure_reason: reason, notarized_document_id: null, notary: null, journal: null });
    expect(final.signers.map((s: { status: string; signed_at: string | null }) => [s.status, s.signed_at])).toEqual(signerStatuses.map((s) => [s, null]));
    expect((await eventsOf(n.id)).map((e) => [e.type, e.status])).toEqual([
      ['notarization.created', 'pending_signers'],
      ['notarization.updated', 'pending_signers'],
      ['notarization.status_changed', status],
    ]);
    const documents = await t.sql(`select id from documents where case_id = $1 and type = 'notarized_document'`, [caseId]);
    expect(documents).toEqual([]);
  });

  it('expire@: test mode lapses it one step delay after creation (0 here): the step that opens it expires it, expires_at set to that moment', async () => {
    const { caseId, notarization } = await started('expire@example.com');
    expect(notarization).toMatchObject({ status: 'pending_signers', session_url: null });
    expect(new Date(notarization.expires_at).getTime() - new Date(notarization.created_at).getTime()).toBe(7 * DAY_MS);
    const track = jest.spyOn(provider, 'track');
    expect(await runSteps()).toBe(1);
    expect(track).not.toHaveBeenCalled();
    const expired = await read(caseId, notarization.id);
    expect(expired).toMatchObject({ status: 'expired', failure_reason: null, notarized_document_id: null, notary: null, journal: null });
    expect(expired.session_url).toMatch(/^https:\/\/notary\.simulator\.invalid\/sessions\//);
    // One step delay (PROVIDER_STEP_DELAY_MS=0) after creation: expires_at is the creation's moment, and the move came at or after it.
    expect(expired.expires_at).toBe(notarization.created_at);
    expect(new Date(expired.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(expired.expires_at).getTime());
    expect(expired.signers.map((s: { status: string }) => s.status)).toEqual(['invited']);
    const events = await eventsOf(notarization.id);
    expect(events.map((e) => [e.type, e.status, e.actor.id])).toEqual([
      ['notarization.created', 'pending_signers', owner.userId],
      ['notarization.status_changed', 'expired', 'notary_processor'],
    ]);
    expect(events[1].previous).toMatchObject({ status: 'pending_signers', expires_at: notarization.expires_at });
    // Nothing is left to run, and a cancel is refused.
    expect(await steps.processDue()).toBe(0);
    expect(await t.sql(`select id from pgboss.job where name = 'notarization-step' and singleton_key = $1 and state = 'created'`, [notarization.id])).toEqual([]);
    expectError(await cancel(caseId, notarization.id), 409, 'invalid_state');
  });

  it('a step that finds expires_at passed expires the notarization from any open status, without asking the provider', async () => {
    const real = clock.now.bind(clock);
    const now = jest.spyOn(clock, 'now').mockImplementation(() => new Date(real().getTime() - 7 * DAY_MS - 5000));
    const { caseId, notarization } = await started('grace@example.com');
    expect(await steps.processDue()).toBe(1);
    expect(await steps.processDue()).toBe(1);
    expect((await read(caseId, notarization.id)).status).toBe('pending_notary');
    now.mockRestore();
    const track = jest.spyOn(provider, 'track');
    expect(await runSteps()).toBe(1);
    expect(track).not.toHaveBeenCalled();
    expect(await read(caseId, notarization.id)).toMatchObject({ status: 'expired', notary: null });
  });

  it('an unreachable provider is asked 5 times (1, 2, 4, 8 s apart), then the notarization fails with provider_unavailable', async () => {
    const open = jest.spyOn(provider, 'open').mockRejectedValue(new Error('connect ECONNREFUSED'));
    const track = jest.spyOn(provider, 'track').mockRejectedValue(new Error('connect ECONNREFUSED'));
    const real = clock.now.bind(clock);
    // An hour behind the queue's clock: each retry is due at once instead of after its wait.
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(real().getTime() - 3600_000));
    const { caseId, notarization } = await started('grace@example.com');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await steps.processDue()).toBe(1);
      const [row] = await t.sql<{ next_check_at: Date; provider_attempts: number; updated_at: Date }>('select next_check_at, provider_attempts, updated_at from notarizations where id = $1', [notarization.id]);
      expect(row.provider_attempts).toBe(attempt);
      waits.push((row.next_check_at.getTime() - row.updated_at.getTime()) / 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(await runSteps()).toBe(1);
    expect(open).toHaveBeenCalledTimes(5);
    expect(track).not.toHaveBeenCalled();
    expect(await read(caseId, notarization.id)).toMatchObject({ status: 'failed', failure_reason: 'provider_unavailable', session_url: null });
    expect((await eventsOf(notarization.id)).map((e) => [e.type, e.status])).toEqual([
      ['notarization.created', 'pending_signers'],
      ['notarization.status_changed', 'failed'],
    ]);
  });

  describe('cancel', () => {
    it('200 from pending_signers and from pending_notary; notarization.status_changed; the waiting step does nothing', async () => {
      const first = await started('grace@example.com');
      const res = await cancel(first.caseId, first.notarization.id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: first.notarization.id, status: 'cancelled' });
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);

      const second = await started('grace@example.com');
      expect(await steps.processDue()).toBe(2);
      expect(await steps.processDue()).toBe(1);
      expect((await read(second.caseId, second.notarization.id)).status).toBe('pending_notary');
      expect((await cancel(second.caseId, second.notarization.id).expect(200)).body.data.status).toBe('cancelled');

      expect(await runSteps()).toBe(1);
      expect((await read(first.caseId, first.notarization.id)).status).toBe('cancelled');
      expect((await read(second.caseId, second.notarization.id)).status).toBe('cancelled');
      expect((await eventsOf(second.notarization.id)).map((e) => [e.type, e.status, e.actor.id])).toEqual([
        ['notarization.created', 'pending_signers', owner.userId],
        ['notarization.updated', 'pending_signers', 'notary_processor'],
        ['notarization.status_changed', 'pending_notary', 'notary_processor'],
        ['notarization.status_changed', 'cancelled', owner.userId],
      ]);
    });

    it.each(['in_session', 'completed', 'declined'])('409 invalid_state from %s, nothing changed', async (status) => {
      const { caseId, notarization } = await started(status === 'declined' ? 'decline@example.com' : 'grace@example.com');
      for (let i = 0; i < 5 && (await read(caseId, notarization.id)).status !== status; i++) await steps.processDue();
      const before = await t.http().get(`${base(caseId)}/${notarization.id}`).set(owner.auth).expect(200);
      expect(before.body.data.status).toBe(status);
      const res = await cancel(caseId, notarization.id);
      expectError(res, 409, 'invalid_state');
      expect(res.body.error.details).toEqual([{ field: 'status', message: `status is ${status}; cancel needs pending_signers or pending_notary`, reason: 'conflict' }]);
      const after = await t.http().get(`${base(caseId)}/${notarization.id}`).set(owner.auth).expect(200);
      expect([after.body.data, after.headers.etag]).toEqual([before.body.data, before.headers.etag]);
      await runSteps();
    });

    it('honours If-Match (412 on a stale tag, row unchanged) and Idempotency-Key (a retry replays); 404 for an unknown id', async () => {
      const { caseId, notarization } = await started('grace@example.com');
      const created = await t.http().get(`${base(caseId)}/${notarization.id}`).set(owner.auth).expect(200);
      expect(await steps.processDue()).toBe(1);
      expectError(await cancel(caseId, notarization.id).set('If-Match', created.headers.etag), 412, 'precondition_failed');
      expect((await read(caseId, notarization.id)).status).toBe('pending_signers');
      const fresh = await t.http().get(`${base(caseId)}/${notarization.id}`).set(owner.auth).expect(200);
      const first = await cancel(caseId, notarization.id).set('If-Match', fresh.headers.etag).set('Idempotency-Key', `cancel-${notarization.id}`);
      expect(first.status).toBe(200);
      const retry = await cancel(caseId, notarization.id).set('If-Match', fresh.headers.etag).set('Idempotency-Key', `cancel-${notarization.id}`);
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect((await eventsOf(notarization.id)).filter((e) => e.status === 'cancelled')).toHaveLength(1);
      expectError(await cancel(caseId, UNKNOWN_ID), 404, 'not_found');
      await runSteps();
    });

    it('takes a body of no fields: {} cancels, a field sent is 422 unknown_field and nothing changes', async () => {
      const { caseId, notarization } = await started('ivy@example.com');
      const refused = await cancel(caseId, notarization.id).send({ reason: 'wrong signer' });
      expectError(refused, 422, 'validation_error');
      expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'reason', reason: 'unknown_field' })]);
      expect((await read(caseId, notarization.id)).status).toBe('pending_signers');
      expect((await cancel(caseId, notarization.id).send({}).expect(200)).body.data.status).toBe('cancelled');
    });
  });

  describe('refusals', () => {
    let caseId: string;
    let document: Record<string, any>;
    const count = async () => (await t.sql<{ n: number }>('select count(*)::int as n from notarizations where case_id = $1', [caseId]))[0].n;
    const post = (body: Record<string, unknown>) => t.http().post(base(caseId)).set(owner.auth).send(body);

    beforeAll(async () => {
      caseId = await newCase(t, owner);
      document = await pdf(caseId);
    });

    it('422 for every field of the body: required, types, formats, enums, 1 to 4 signers, unknown and read-only fields; nothing written', async () => {
      const valid = () => ({ document_id: document.id, title: 'Affidavit', signers: [signer('grace@example.com')] });
      const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
        [{}, [['document_id', 'required'], ['title', 'required'], ['signers', 'required']]],
        [{ ...valid(), title: '' }, [['title', 'range']]],
        [{ ...valid(), title: 'x'.repeat(201) }, [['title', 'range']]],
        [{ ...valid(), signers: [] }, [['signers', 'range']]],
        [{ ...valid(), signers: Array.from({ length: 5 }, (_, i) => signer(`s${i}@example.com`)) }, [['signers', 'range']]],
        [{ ...valid(), signers: 'grace@example.com' }, [['signers', 'type']]],
        [{ ...valid(), signers: [{ email: 'not-mail' }] }, [['signers.0.name', 'required'], ['signers.0.email', 'format']]],
        [{ ...valid(), signers: [signer('grace@example.com', { role: 'heir' })] }, [['signers.0.role', 'unknown_field']]],
        [{ ...valid(), act_type: 'oath' }, [['act_type', 'enum']]],
        [{ ...valid(), notes: 7 }, [['notes', 'type']]],
        [{ ...valid(), status: 'completed', session_url: 'https://x.example', initiated_by: owner.userId }, [['status', 'unknown_field'], ['session_url', 'unknown_field'], ['initiated_by', 'unknown_field']]],
      ];
      const before = await count();
      for (const [body, expected] of cases) {
        const res = await post(body);
        expectError(res, 422, 'validation_error');
        expect({ body, details: detailReasons(res).sort() }).toEqual({ body, details: [...expected].sort() });
      }
      expect(await count()).toBe(before);
    });

    it('422 when document_id is not a PDF document of this case, or a person_id not a person of this case; nothing written', async () => {
      const other = await newCase(t, owner);
      const foreignDocument = await pdf(other);
      const image = (await upload(t, owner, caseId, { bytes: PNG, filename: 'scan.png', contentType: 'image/png', fields: { type: 'government_id' } }).expect(201)).body.data;
      const foreignPerson = (await t.http().post(`/v1/cases/${other}/persons`).set(owner.auth).send({ first_name: 'A', last_name: 'B', relationship: 'son' }).expect(201)).body.data;
      const before = await count();
      for (const [documentId, message] of [
        [UNKNOWN_ID, 'document_id must name a document of this case'],
        [foreignDocument.id, 'document_id must name a document of this case'],
        [image.id, 'document_id must name a PDF document; this one is image/png'],
      ]) {
        const res = await post({ document_id: documentId, title: 'Affidavit', signers: [signer('grace@example.com')] });
        expectError(res, 422, 'validation_error');
        expect(res.body.error.details).toEqual([{ field: 'document_id', message, reason: 'rule' }]);
      }
      const people = await post({
        document_id: image.id,
        title: 'Affidavit',
        signers: [signer('a@example.com'), signer('b@example.com', { person_id: foreignPerson.id }), signer('c@example.com', { person_id: UNKNOWN_ID })],
      });
      expectError(people, 422, 'validation_error');
      expect(detailReasons(people)).toEqual([
        ['document_id', 'rule'],
        ['signers.1.person_id', 'rule'],
        ['signers.2.person_id', 'rule'],
      ]);
      expect(await count()).toBe(before);
    });

    it('PATCH writes title and notes (notarization.updated); any other field, or a null title, is 422 with the row unchanged', async () => {
      const n = await notarize(caseId, { document_id: document.id, title: 'Affidavit', signers: [signer('grace@example.com')] });
      const patched = await t.http().patch(`${base(caseId)}/${n.id}`).set(owner.auth).send({ title: 'Affidavit of heirship', notes: 'Bring the will' });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ title: 'Affidavit of heirship', notes: 'Bring the will', status: 'pending_signers' });
      expect((await eventsOf(n.id)).map((e) => [e.type, e.previous])).toEqual([
        ['notarization.created', null],
        ['notarization.updated', { title: 'Affidavit', notes: null }],
      ]);
      const [row] = await t.sql('select * from notarizations where id = $1', [n.id]);
      for (const body of [{ status: 'cancelled' }, { signers: [signer('x@example.com')] }, { document_id: document.id }, { act_type: 'jurat' }, { session_url: 'https://x.example' }, { title: null }]) {
        const res = await t.http().patch(`${base(caseId)}/${n.id}`).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(Object.keys(body));
      }
      expect((await t.sql('select * from notarizations where id = $1', [n.id]))[0]).toEqual(row);
      await runSteps();
    });

    it('a document named by a notarization cannot be deleted: 409 document_in_use naming it, for the original and the notarized PDF', async () => {
      const own = await newCase(t, owner);
      const original = await pdf(own);
      const n = await notarize(own, { document_id: original.id, title: 'Affidavit', signers: [signer('grace@example.com')] });
      const refused = await t.http().delete(`/v1/cases/${own}/documents/${original.id}`).set(owner.auth);
      expectError(refused, 409, 'document_in_use');
      expect(refused.body.error.details).toEqual([{ field: `notarization:${n.id}`, message: `notarization ${n.id} names this document`, reason: 'conflict' }]);
      await runSteps();
      const notarizedId = (await read(own, n.id)).notarized_document_id;
      expectError(await t.http().delete(`/v1/cases/${own}/documents/${notarizedId}`).set(owner.auth), 409, 'document_in_use');
      expect((await t.sql('select id from documents where id = any($1)', [[original.id, notarizedId]])).length).toBe(2);
    });

    it('another organization: 404 on every route, the cancel included; nothing changed', async () => {
      const n = await notarize(caseId, { document_id: document.id, title: 'Affidavit', signers: [signer('grace@example.com')] });
      const [before] = await t.sql('select * from notarizations where id = $1', [n.id]);
      const rows = await count();
      const body = { document_id: document.id, title: 'Affidavit', signers: [signer('grace@example.com')] };
      for (const [method, path] of [
        ['get', base(caseId)],
        ['post', base(caseId)],
        ['get', `${base(caseId)}/${n.id}`],
        ['patch', `${base(caseId)}/${n.id}`],
        ['post', `${base(caseId)}/${n.id}/cancel`],
      ] as const) {
        expectError(await t.http()[method](path).set(stranger.auth).send(method === 'patch' ? { title: 'x' } : body), 404, 'not_found');
      }
      // A notarization of another case of the same organization is 404 too.
      const other = await newCase(t, owner);
      expectError(await cancel(other, n.id), 404, 'not_found');
      expectError(await t.http().get(`${base(other)}/${n.id}`).set(owner.auth), 404, 'not_found');
      expect((await t.sql('select * from notarizations where id = $1', [n.id]))[0]).toEqual(before);
      expect(await count()).toBe(rows);
      await runSteps();
    });
  });
});

/** Test mode in the API process (`PROVIDER_PROCESSOR=on`, no step delay): every outcome arrives by itself, promptly. */
describe('notarizations: the provider processor in the API process (PROVIDER_PROCESSOR=on)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: undefined, PROVIDER_STEP_DELAY_MS: '0' });
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  it('expire@ reaches expired by itself, its expires_at the moment it lapsed (one step delay, 0, after creation)', async () => {
    const caseId = await newCase(t, owner);
    const document = await upload(t, owner, caseId, { bytes: pdfBytes(1), filename: 'affidavit.pdf', fields: { type: 'small_estate_affidavit' } });
    expect(document.status).toBe(201);
    const res = await t.http().post(`/v1/cases/${caseId}/notarizations`).set(owner.auth).send({ document_id: document.body.data.id, title: 'Affidavit', signers: [signer('expire+heir@example.com')] });
    expect(res.status).toBe(201);
    const created = res.body.data;
    // A generous deadline: the verdict is the status reached, never how fast.
    const deadline = Date.now() + 30_000;
    let current: Record<string, any> = created;
    while (current.status !== 'expired' && Date.now() < deadline) {
      await new Promise((tick) => setTimeout(tick, 50));
      current = (await t.http().get(`/v1/cases/${caseId}/notarizations/${created.id}`).set(owner.auth).expect(200)).body.data;
    }
    expect(current).toMatchObject({ status: 'expired', failure_reason: null, notarized_document_id: null });
    expect(current.expires_at).toBe(created.created_at);
    expect(new Date(current.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(current.expires_at).getTime());
    const [moved] = await t.sql<{ data: any }>(`select data from events where type = 'notarization.status_changed' and data->'object'->>'id' = $1`, [created.id]);
    expect(moved.data.object).toMatchObject({ status: 'expired', expires_at: created.created_at });
  });
});
