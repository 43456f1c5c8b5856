import { FaxProvider, FaxTransmissionProcessor } from '@estate/comms';
import { SimulatedFaxProvider } from '@estate/comms';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { JPEG, pdfBytes, PNG, tiffBytes, upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const FROM_NUMBER = '+16465550100';
const FINAL = ['delivered', 'failed', 'cancelled'];

type View = Record<string, any>;

/** A PDF whose pages the documents context cannot count (no visible page object): its `page_count` reads null. */
const UNCOUNTED_PDF = Buffer.from('%PDF-1.5\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The case's documents and contacts a fax test needs, made through the API. */
async function addDocument(t: TestApp, caller: TestCaller, caseId: string, bytes: Buffer = pdfBytes(2), contentType = 'application/pdf'): Promise<string> {
  const filename = { 'application/pdf': 'letters.pdf', 'image/tiff': 'scan.tiff', 'image/png': 'photo.png', 'image/jpeg': 'photo.jpg' }[contentType];
  const res = await upload(t, caller, caseId, { bytes, contentType, filename });
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
  return res.body.data.id;
}

async function addContact(t: TestApp, caller: TestCaller, caseId: string, fax: string | null): Promise<string> {
  const res = await t
    .http()
    .post(`/v1/cases/${caseId}/institution-contacts`)
    .set(caller.auth)
    .send({ institution_name: 'First Prairie Bank', account_types: ['bank'], contact_methods: fax === null ? null : { fax } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function newCase(t: TestApp, caller: TestCaller): Promise<string> {
  const res = await t.http().post('/v1/cases').set(caller.auth).send({});
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/**
 * Faxes (contract-extensions §11.5) and their provider (§11.4): every rule of the send, every simulator outcome, the
 * cancel route and its race with the first step, an unreachable provider, notes, the documents a fax keeps in use,
 * events and other organizations. The API's processor is off: the tests take each provider step themselves.
 */
describe('faxes (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let processor: FaxTransmissionProcessor;
  let simulator: SimulatedFaxProvider;
  let restoreEnv: () => void;
  let caseId: string;
  let faxes: string;
  /** A two-page PDF and a three-page TIFF of the case. */
  let pdf: string;
  let tiff: string;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', PROVIDER_STEP_DELAY_MS: '0', FAX_FROM_NUMBER: FROM_NUMBER, FAX_PROVIDER: undefined });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    processor = t.app.get(FaxTransmissionProcessor);
    simulator = t.app.get(FaxProvider) as SimulatedFaxProvider;
    caseId = await newCase(t, owner);
    faxes = `/v1/cases/${caseId}/faxes`;
    pdf = await addDocument(t, owner, caseId, pdfBytes(2));
    tiff = await addDocument(t, owner, caseId, tiffBytes(3), 'image/tiff');
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const send = (body: Record<string, unknown>, path = faxes) => t.http().post(path).set(owner.auth).send(body);
  const read = async (id: string, path = faxes): Promise<View> => (await t.http().get(`${path}/${id}`).set(owner.auth).expect(200)).body.data;
  const row = async (id: string) => (await t.sql<View>('select * from faxes where id = $1', [id]))[0];
  const cancel = (id: string, path = faxes) => t.http().post(`${path}/${id}/cancel`).set(owner.auth);

  async function queued(body: Record<string, unknown> = {}, path = faxes): Promise<View> {
    const res = await send({ to_number: '+13125550142', document_ids: [pdf], ...body }, path);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  /** Runs the due provider steps until the fax is final (or `status`); one step per pass. */
  async function stepUntil(id: string, status?: string, path = faxes): Promise<View> {
    for (let pass = 0; pass < 20; pass++) {
      const current = await read(id, path);
      if (status ? current.status === status : FINAL.includes(current.status)) return current;
      await processor.processDue();
    }
    throw new Error(`fax ${id} never reached ${status ?? 'a final status'}`);
  }

  /** The fax's events, oldest first: type, the status it shows, and who acted. */
  async function eventsOf(id: string): Promise<Array<{ type: string; status: string; actor: { type: string; id: string } }>> {
    return t.sql(
      "select type, data->'object'->>'status' as status, data->'actor' as actor from events where data->'object'->>'id' = $1 order by created_at, id",
      [id],
    );
  }

  /** Fax jobs waiting in the queue for this fax. */
  async function waitingJobs(id: string): Promise<Array<{ start_after: Date; status: string }>> {
    return t.sql("select start_after, data->>'status' as status from pgboss.job where name = 'fax-step' and singleton_key = $1 and state = 'created'", [id]);
  }

  describe('POST …/faxes', () => {
    it('201 queued: the pages counted (cover page included), from FAX_FROM_NUMBER, sent by the caller; stored, told, and its first step enqueued', async () => {
      const res = await send({ to_number: '+13125550142', document_ids: [pdf, tiff], cover_page_note: 'Letters testamentary, as requested.', notes: 'first try' });
      expect(res.status).toBe(201);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const fax = res.body.data;
      expect(fax).toEqual({
        id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        to_number: '+13125550142',
        from_number: FROM_NUMBER,
        institution_contact_id: null,
        document_ids: [pdf, tiff],
        cover_page: true,
        cover_page_note: 'Letters testamentary, as requested.',
        status: 'queued',
        pages: 6,
        pages_sent: 0,
        failure_reason: null,
        confirmation_number: null,
        provider_fax_id: null,
        queued_at: fax.created_at,
        sending_at: null,
        delivered_at: null,
        failed_at: null,
        sent_by: owner.userId,
        notes: 'first try',
        created_at: expect.stringMatching(/Z$/),
        updated_at: fax.created_at,
      });
      expect(await read(fax.id)).toEqual(fax);
      expect(await row(fax.id)).toMatchObject({ case_id: caseId, status: 'queued', pages: 6, document_ids: [pdf, tiff], provider_attempts: 0 });
      expect(await eventsOf(fax.id)).toEqual([{ type: 'fax.created', status: 'queued', actor: { type: 'user', id: owner.userId } }]);
      expect(await waitingJobs(fax.id)).toEqual([{ start_after: expect.any(Date), status: 'queued' }]);

      const bare = await queued({ document_ids: [tiff], cover_page: false });
      expect(bare).toMatchObject({ pages: 3, cover_page: false });
    });

    it('Idempotency-Key: a retry replays the first answer and queues one fax; another body with the key is 409', async () => {
      const key = `send-${Date.now()}`;
      const body = { to_number: '+13125550142', document_ids: [pdf], notes: 'once only' };
      const first = await send(body).set('Idempotency-Key', key);
      expect(first.status).toBe(201);
      const again = await send(body).set('Idempotency-Key', key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await t.sql("select id from faxes where notes = 'once only'")).toEqual([{ id: first.body.data.id }]);
      expect(await waitingJobs(first.body.data.id)).toHaveLength(1);
      expectError(await send({ ...body, to_number: '+13125550143' }).set('Idempotency-Key', key), 409, 'idempotency_conflict');
    });

    it('to_number may be left out when the contact named has a fax number: it is copied (in E.164); a to_number sent wins', async () => {
      const contact = await addContact(t, owner, caseId, '+1 (312) 555-0177');
      const copied = await queued({ to_number: undefined, institution_contact_id: contact });
      expect(copied).toMatchObject({ to_number: '+13125550177', institution_contact_id: contact });
      const own = await queued({ to_number: '+13125550188', institution_contact_id: contact });
      expect(own).toMatchObject({ to_number: '+13125550188', institution_contact_id: contact });
    });

    it('422 validation_error naming each problem (document_ids[i] for a document), nothing written and nothing enqueued', async () => {
      const other = await newCase(t, owner);
      const foreignDocument = await addDocument(t, owner, other);
      const foreignContact = await addContact(t, owner, other, '+13125550199');
      const png = await addDocument(t, owner, caseId, PNG, 'image/png');
      const jpeg = await addDocument(t, owner, caseId, JPEG, 'image/jpeg');
      const uncounted = await addDocument(t, owner, caseId, UNCOUNTED_PDF);
      expect((await t.http().get(`${faxes.replace('faxes', 'documents')}/${uncounted}`).set(owner.auth).expect(200)).body.data.page_count).toBeNull();
      const hundred = await addDocument(t, owner, caseId, pdfBytes(100));
      const ninetyNine = await addDocument(t, owner, caseId, pdfBytes(99));
      const noFax = await addContact(t, owner, caseId, null);
      const localFax = await addContact(t, owner, caseId, '312 555 0199');
      const base = { to_number: '+13125550142', document_ids: [pdf] };
      const faxCount = async () => Number((await t.sql<{ n: string }>('select count(*) as n from faxes'))[0].n);
      const jobCount = async () => Number((await t.sql<{ n: string }>("select count(*) as n from pgboss.job where name = 'fax-step'"))[0].n);
      const [faxesBefore, jobsBefore] = [await faxCount(), await jobCount()];

      const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
        [{ to_number: '+13125550142' }, [['document_ids', 'required']]],
        [{ ...base, document_ids: [] }, [['document_ids', 'range']]],
        [{ ...base, document_ids: Array(11).fill(pdf) }, [['document_ids', 'range']]],
        [{ ...base, document_ids: 'not-a-list' }, [['document_ids', 'type']]],
        [{ ...base, document_ids: [pdf, UNKNOWN_ID, foreignDocument] }, [['document_ids[1]', 'rule'], ['document_ids[2]', 'rule']]],
        [{ ...base, document_ids: [pdf, tiff, png, jpeg] }, [['document_ids[2]', 'rule'], ['document_ids[3]', 'rule']]],
        [{ ...base, document_ids: [uncounted] }, [['document_ids[0]', 'rule']]],
        [{ ...base, document_ids: [pdf, tiff, pdf] }, [['document_ids[2]', 'conflict']]],
        [{ ...base, document_ids: [hundred] }, [['document_ids', 'range']]],
        [{ ...base, document_ids: [ninetyNine, pdf], cover_page: false }, [['document_ids', 'range']]],
        [{ ...base, to_number: '13125550142' }, [['to_number', 'format']]],
        [{ ...base, to_number: '+1312555' }, [['to_number', 'format']]],
        [{ ...base, to_number: '+0312555014200' }, [['to_number', 'format']]],
        [{ document_ids: [pdf] }, [['to_number', 'required']]],
        [{ ...base, to_number: null }, [['to_number', 'required']]],
        [{ document_ids: [pdf], institution_contact_id: noFax }, [['to_number', 'required']]],
        [{ document_ids: [pdf], institution_contact_id: localFax }, [['institution_contact_id', 'rule']]],
        [{ ...base, institution_contact_id: foreignContact }, [['institution_contact_id', 'rule']]],
        [{ ...base, institution_contact_id: UNKNOWN_ID }, [['institution_contact_id', 'rule']]],
        [{ ...base, cover_page: 'yes' }, [['cover_page', 'type']]],
        [{ ...base, status: 'delivered', pages: 1, sent_by: owner.userId }, [['pages', 'unknown_field'], ['sent_by', 'unknown_field'], ['status', 'unknown_field']]],
      ];
      for (const [body, expected] of cases) {
        const res = await send(body);
        expectError(res, 422, 'validation_error');
        expect({ body, details: detailReasons(res).sort() }).toEqual({ body, details: [...expected].sort() });
      }
      // The messages say what is wrong with each item.
      const mixed = await send({ ...base, document_ids: [pdf, png, hundred] });
      expect(mixed.body.error.details).toEqual([
        { field: 'document_ids[1]', message: 'document_ids[1] is image/png; only PDF and TIFF documents can be faxed', reason: 'rule' },
      ]);
      const tooMany = await send({ ...base, document_ids: [hundred] });
      expect(tooMany.body.error.details[0].message).toBe('the fax would have 101 pages with the cover page; at most 100');
      expect([await faxCount(), await jobCount()]).toEqual([faxesBefore, jobsBefore]);
    });
  });

  describe('the simulated provider, by the last four digits of to_number', () => {
    const outcomes: Array<[string, Record<string, unknown>, string[]]> = [
      ['+13125550142', { status: 'delivered', pages_sent: 3, failure_reason: null }, ['queued', 'sending', 'delivered']],
      ['+13125550000', { status: 'failed', pages_sent: 0, failure_reason: 'busy' }, ['queued', 'sending', 'failed']],
      ['+13125550001', { status: 'failed', pages_sent: 0, failure_reason: 'no_answer' }, ['queued', 'sending', 'failed']],
      ['+13125550002', { status: 'failed', pages_sent: 0, failure_reason: 'invalid_number' }, ['queued', 'failed']],
      ['+13125550003', { status: 'failed', pages_sent: 2, failure_reason: 'transmission_error' }, ['queued', 'sending', 'failed']],
    ];
    for (const [toNumber, expected, statuses] of outcomes) {
      it(`…${toNumber.slice(-4)}: ${statuses.join(' → ')} (${expected.failure_reason ?? 'all pages'}), each move fax.status_changed by the processor`, async () => {
        const fax = await queued({ to_number: toNumber });
        const seen = [fax.status];
        for (let pass = 0; pass < 10 && !FINAL.includes(seen[seen.length - 1]); pass++) {
          await processor.processDue();
          const status = (await read(fax.id)).status;
          if (status !== seen[seen.length - 1]) seen.push(status);
        }
        expect(seen).toEqual(statuses);
        const done = await read(fax.id);
        const sent = statuses.includes('sending');
        expect(done).toMatchObject({
          ...expected,
          pages: 3,
          provider_fax_id: `simfax_${fax.id.toLowerCase()}`,
          confirmation_number: expected.status === 'delivered' ? `SIMFAX-${fax.id}` : null,
          queued_at: fax.queued_at,
          sending_at: sent ? expect.stringMatching(/Z$/) : null,
          delivered_at: expected.status === 'delivered' ? expect.stringMatching(/Z$/) : null,
          failed_at: expected.status === 'failed' ? expect.stringMatching(/Z$/) : null,
        });
        expect(simulator.sent().filter((one) => one.id === fax.id)).toEqual([
          { id: fax.id, toNumber, fromNumber: FROM_NUMBER, documentIds: [pdf], coverPage: true, coverPageNote: null, pages: 3 },
        ]);
        const processorActor = { type: 'system', id: 'fax_processor' };
        expect(await eventsOf(fax.id)).toEqual([
          { type: 'fax.created', status: 'queued', actor: { type: 'user', id: owner.userId } },
          ...statuses.slice(1).map((status) => ({ type: 'fax.status_changed', status, actor: processorActor })),
        ]);
        // Final: nothing is left to do, and a step run again changes nothing.
        expect(await waitingJobs(fax.id)).toEqual([]);
        await processor.processDue();
        expect(await read(fax.id)).toEqual(done);
      });
    }
  });

  describe('POST …/faxes/{fax_id}/cancel', () => {
    it('200 from queued: cancelled, told with the user as actor; the provider is never called', async () => {
      const fax = await queued();
      const res = await cancel(fax.id);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...fax, status: 'cancelled', updated_at: res.body.data.updated_at });
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      await processor.processDue();
      expect(await read(fax.id)).toEqual(res.body.data);
      expect(simulator.sent().some((one) => one.id === fax.id)).toBe(false);
      expect((await eventsOf(fax.id)).map(({ type, status, actor }) => [type, status, actor.type])).toEqual([
        ['fax.created', 'queued', 'user'],
        ['fax.status_changed', 'cancelled', 'user'],
      ]);
    });

    it('409 invalid_state from sending, delivered, failed and cancelled, nothing changed', async () => {
      const delivered = await queued();
      await stepUntil(delivered.id);
      const failed = await queued({ to_number: '+13125550002' });
      await stepUntil(failed.id);
      const cancelled = await queued();
      await cancel(cancelled.id).expect(200);
      // Last, so that no later step moves it on.
      const sending = await queued();
      await stepUntil(sending.id, 'sending');
      for (const [fax, status] of [[sending, 'sending'], [delivered, 'delivered'], [failed, 'failed'], [cancelled, 'cancelled']] as const) {
        const before = await row(fax.id);
        expect(before.status).toBe(status);
        const eventsBefore = (await eventsOf(fax.id)).length;
        const refused = await cancel(fax.id);
        expectError(refused, 409, 'invalid_state');
        expect(refused.body.error.details).toEqual([{ field: 'status', message: `A ${status} fax cannot be cancelled; only a queued one can.`, reason: 'conflict' }]);
        expect(await row(fax.id)).toEqual(before);
        expect(await eventsOf(fax.id)).toHaveLength(eventsBefore);
      }
    });

    it('honours If-Match (412 on a stale tag, nothing changed) and Idempotency-Key (a retry replays the first answer)', async () => {
      const fax = await queued();
      const current = await t.http().get(`${faxes}/${fax.id}`).set(owner.auth).expect(200);
      await t.http().patch(`${faxes}/${fax.id}`).set(owner.auth).send({ notes: 'changed since' }).expect(200);
      const before = await row(fax.id);
      expectError(await cancel(fax.id).set('If-Match', current.headers.etag), 412, 'precondition_failed');
      expect(await row(fax.id)).toEqual(before);
      const fresh = await t.http().get(`${faxes}/${fax.id}`).set(owner.auth).expect(200);
      const key = `cancel-${fax.id}`;
      const first = await cancel(fax.id).set('If-Match', fresh.headers.etag).set('Idempotency-Key', key);
      expect(first.status).toBe(200);
      expect(first.body.data.status).toBe('cancelled');
      const replay = await cancel(fax.id).set('If-Match', fresh.headers.etag).set('Idempotency-Key', key);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect((await eventsOf(fax.id)).filter((event) => event.type === 'fax.status_changed')).toHaveLength(1);
      // Without the key, the same request is refused by the fax's state.
      expectError(await cancel(fax.id), 409, 'invalid_state');
    });

    it('its optional body has no fields (422 for one); 404 for an unknown fax, one of another case, and another organization', async () => {
      const fax = await queued();
      const before = await row(fax.id);
      const withField = await cancel(fax.id).send({ reason: 'changed my mind' });
      expectError(withField, 422, 'validation_error');
      expect(detailReasons(withField)).toEqual([['reason', 'unknown_field']]);
      expectError(await cancel(UNKNOWN_ID), 404, 'not_found');
      const other = await newCase(t, owner);
      expectError(await cancel(fax.id, `/v1/cases/${other}/faxes`), 404, 'not_found');
      expectError(await t.http().post(`${faxes}/${fax.id}/cancel`).set(stranger.auth), 404, 'not_found');
      expect(await row(fax.id)).toEqual(before);
    });

    it('racing the first provider step, exactly one wins: cancelled and never sent, or sending and not cancelled', async () => {
      const seen = new Set<string>();
      for (let round = 0; round < 8; round++) {
        const fax = await queued();
        const [res] = await Promise.all([cancel(fax.id), processor.processDue()]);
        const after = await read(fax.id);
        const sent = simulator.sent().filter((one) => one.id === fax.id).length;
        if (res.status === 200) {
          expect({ status: after.status, sent }).toEqual({ status: 'cancelled', sent: 0 });
        } else {
          expectError(res, 409, 'invalid_state');
          expect({ status: after.status, sent }).toEqual({ status: 'sending', sent: 1 });
        }
        seen.add(after.status);
        const moves = (await eventsOf(fax.id)).filter((event) => event.type === 'fax.status_changed');
        expect(moves).toHaveLength(1);
      }
      expect([...seen].every((status) => ['cancelled', 'sending'].includes(status))).toBe(true);
    });
  });

  describe('an unreachable provider', () => {
    /** Binds the port's adapter to one that always throws, as a provider down would; restored after. */
    function unreachable(): () => void {
      const failing = () => Promise.reject(new Error('connect ECONNREFUSED fax.provider.example:443'));
      const spies = [jest.spyOn(simulator, 'send').mockImplementation(failing), jest.spyOn(simulator, 'track').mockImplementation(failing)];
      return () => spies.forEach((spy) => spy.mockRestore());
    }

    /** One provider step after its back-off: the waiting job is made due, then run. */
    async function retryNow(id: string): Promise<void> {
      await t.sql("update pgboss.job set start_after = now() where name = 'fax-step' and singleton_key = $1 and state = 'created'", [id]);
      await processor.processDue();
    }

    for (const from of ['queued', 'sending'] as const) {
      it(`from ${from}: tried again after 1, 2, 4 and 8 s, then failed with provider_unavailable, told by the processor`, async () => {
        const fax = await queued();
        if (from === 'sending') await stepUntil(fax.id, 'sending');
        const restore = unreachable();
        try {
          const waits: number[] = [];
          await processor.processDue();
          for (let attempt = 1; attempt <= 4; attempt++) {
            const stored = await row(fax.id);
            expect({ attempt, status: stored.status, attempts: stored.provider_attempts }).toEqual({ attempt, status: from, attempts: attempt });
            waits.push(stored.next_check_at.getTime() - stored.updated_at.getTime());
            // The next try waits in the queue for its back-off: a run before it leaves the fax as it is.
            const [job] = await waitingJobs(fax.id);
            expect(job.start_after.getTime()).toBe(stored.next_check_at.getTime());
            await processor.processDue();
            expect(await row(fax.id)).toEqual(stored);
            await retryNow(fax.id);
          }
          expect(waits).toEqual([1000, 2000, 4000, 8000]);
        } finally {
          restore();
        }
        const failed = await read(fax.id);
        expect(failed).toMatchObject({
          status: 'failed',
          failure_reason: 'provider_unavailable',
          pages_sent: 0,
          failed_at: expect.stringMatching(/Z$/),
          sending_at: from === 'sending' ? expect.stringMatching(/Z$/) : null,
          delivered_at: null,
        });
        expect(await waitingJobs(fax.id)).toEqual([]);
        const moves = (await eventsOf(fax.id)).filter((event) => event.type === 'fax.status_changed');
        expect(moves[moves.length - 1]).toEqual({ type: 'fax.status_changed', status: 'failed', actor: { type: 'system', id: 'fax_processor' } });
      });
    }
  });

  describe('PATCH, DELETE, the documents a fax names', () => {
    it('PATCH writes notes only (fax.updated); any other field is 422 and changes nothing', async () => {
      const fax = await queued();
      const res = await t.http().patch(`${faxes}/${fax.id}`).set(owner.auth).send({ notes: 'Claims desk confirmed by phone.' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...fax, notes: 'Claims desk confirmed by phone.', updated_at: res.body.data.updated_at });
      const before = await row(fax.id);
      for (const body of [{ status: 'cancelled' }, { to_number: '+13125550199' }, { document_ids: [tiff] }, { cover_page: false }, { notes: 'x', pages_sent: 3 }]) {
        const refused = await t.http().patch(`${faxes}/${fax.id}`).set(owner.auth).send(body);
        expectError(refused, 422, 'validation_error');
        expect(detailReasons(refused)).toEqual(Object.keys(body).filter((field) => field !== 'notes').map((field) => [field, 'unknown_field']));
      }
      expect(await row(fax.id)).toEqual(before);
      const cleared = await t.http().patch(`${faxes}/${fax.id}`).set(owner.auth).send({ notes: null }).expect(200);
      expect(cleared.body.data.notes).toBeNull();
      expect((await eventsOf(fax.id)).map((event) => event.type)).toEqual(['fax.created', 'fax.updated', 'fax.updated']);
      // Notes stay writable once the fax is final.
      await stepUntil(fax.id);
      await t.http().patch(`${faxes}/${fax.id}`).set(owner.auth).send({ notes: 'delivered' }).expect(200);
    });

    it('DELETE is 405 method_not_allowed: faxes are communication records', async () => {
      const fax = await queued();
      const res = await t.http().delete(`${faxes}/${fax.id}`).set(owner.auth);
      expectError(res, 405, 'method_not_allowed');
      expect(await row(fax.id)).toBeDefined();
    });

    it('a document a fax names cannot be deleted: 409 document_in_use naming each fax; another document can', async () => {
      const named = await addDocument(t, owner, caseId, pdfBytes(1));
      const spare = await addDocument(t, owner, caseId, pdfBytes(1));
      const first = await queued({ document_ids: [pdf, named] });
      const second = await queued({ document_ids: [named] });
      await stepUntil(second.id);
      const refused = await t.http().delete(`/v1/cases/${caseId}/documents/${named}`).set(owner.auth);
      expectError(refused, 409, 'document_in_use');
      expect(detailFields(refused)).toEqual([first.id, second.id].sort().map((id) => `fax:${id}`));
      await t.http().get(`/v1/cases/${caseId}/documents/${named}`).set(owner.auth).expect(200);
      await t.http().delete(`/v1/cases/${caseId}/documents/${spare}`).set(owner.auth).expect(204);
    });
  });

  it('another organization: every route 404 and nothing written; its own faxes never show', async () => {
    const fax = await queued();
    const before = await row(fax.id);
    const count = (await t.sql('select id from faxes where case_id = $1', [caseId])).length;
    for (const [method, path, body] of [
      ['get', faxes, undefined],
      ['post', faxes, { to_number: '+13125550142', document_ids: [pdf] }],
      ['get', `${faxes}/${fax.id}`, undefined],
      ['patch', `${faxes}/${fax.id}`, { notes: 'mine now' }],
      ['post', `${faxes}/${fax.id}/cancel`, undefined],
    ] as const) {
      const request = t.http()[method](path).set(stranger.auth);
      expectError(await (body ? request.send(body) : request), 404, 'not_found');
    }
    expect(await row(fax.id)).toEqual(before);
    expect((await t.sql('select id from faxes where case_id = $1', [caseId])).length).toBe(count);
    // The stranger's own case cannot name the owner's documents either.
    const strangerCase = await newCase(t, stranger);
    const res = await t.http().post(`/v1/cases/${strangerCase}/faxes`).set(stranger.auth).send({ to_number: '+13125550142', document_ids: [pdf] });
    expectError(res, 422, 'validation_error');
    expect(detailFields(res)).toEqual(['document_ids[0]']);
  });

  it('filters status and institution_contact_id follow the processor and the contact', async () => {
    const listCase = await newCase(t, owner);
    const path = `/v1/cases/${listCase}/faxes`;
    const document = await addDocument(t, owner, listCase);
    const contact = await addContact(t, owner, listCase, '+13125550166');
    const delivered = await queued({ document_ids: [document], institution_contact_id: contact, to_number: undefined }, path);
    const busy = await queued({ document_ids: [document], to_number: '+13125550000' }, path);
    const waiting = await queued({ document_ids: [document] }, path);
    await cancel(waiting.id, path).expect(200);
    await stepUntil(delivered.id, undefined, path);
    await stepUntil(busy.id, undefined, path);
    const list = async (query: Record<string, string>) =>
      (await t.http().get(path).query(query).set(owner.auth).expect(200)).body.data.map((fax: View) => fax.id).sort();
    expect(await list({ status: 'delivered' })).toEqual([delivered.id]);
    expect(await list({ status: 'failed' })).toEqual([busy.id]);
    expect(await list({ status: 'cancelled' })).toEqual([waiting.id]);
    expect(await list({ institution_contact_id: contact })).toEqual([delivered.id]);
    expectError(await t.http().get(path).query({ status: 'lost' }).set(owner.auth), 400, 'bad_request');
  });
});
