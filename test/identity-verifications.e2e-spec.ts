import pino from 'pino';
import type { Logger } from 'pino';
import type { Response } from 'supertest';
import { representationOf, ROOT_LOGGER } from '@estate/shared-kernel';
import { identityVerificationResource, IdentityVerificationProcessor, IdentityVerificationProvider } from '@estate/verifications';
import { detailFields, expectError } from './support/api-assertions';
import { upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Identity verifications (contract-extensions §11.7) and their provider port (§11.4): every simulator outcome, every
 * refusal, cancel, the provider unreachable, the executor's `identity_status` following, events, and no SSN anywhere
 * but in the requests that carry it in. The provider's steps are taken by the tests (`PROVIDER_PROCESSOR=off`).
 */

const ADDRESS = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };
const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const YEAR_MS = 365 * 86_400_000;

type Body = Record<string, unknown>;
type View = Record<string, any>;

/** The SSNs the tests send in full; none may come back, be stored in an event, a job or a log line. */
const SECRETS = new Set<string>();
const ssnEnding = (lastFour: string) => {
  const ssn = `612-44-${lastFour}`;
  SECRETS.add(ssn);
  return ssn;
};

describe('identity verifications (e2e, contract-extensions §11.7)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let processor: IdentityVerificationProcessor;
  let provider: IdentityVerificationProvider;
  let restoreEnv: () => void;
  let lines: string[];
  const responses: string[] = [];

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', PROVIDER_STEP_DELAY_MS: '0', TEST_LOG_LEVEL: 'trace', IDV_PROVIDER: undefined });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    processor = t.app.get(IdentityVerificationProcessor);
    provider = t.app.get(IdentityVerificationProvider);
    lines = [];
    const logger = t.app.get<Logger>(ROOT_LOGGER);
    const stream = (logger as unknown as Record<symbol, { write(chunk: string): boolean }>)[pino.symbols.streamSym];
    jest.spyOn(stream, 'write').mockImplementation((chunk: string) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
    restoreEnv();
  });

  /** Every answer of these tests is kept, to be searched for the SSNs at the end. */
  function kept(res: Response): Response {
    responses.push(res.text ?? '');
    return res;
  }

  const collection = (caseId: string) => `/v1/cases/${caseId}/identity-verifications`;
  const start = async (caseId: string, body: Body, caller: TestCaller = owner) => kept(await t.http().post(collection(caseId)).set(caller.auth).send(body));
  const read = async (caseId: string, id: string) => kept(await t.http().get(`${collection(caseId)}/${id}`).set(owner.auth).expect(200)).body.data as View;
  const cancel = async (caseId: string, id: string, body: Body = {}) => kept(await t.http().post(`${collection(caseId)}/${id}/cancel`).set(owner.auth).send(body));
  const executorOf = async (caseId: string) => kept(await t.http().get(`/v1/cases/${caseId}/executor`).set(owner.auth).expect(200)).body.data as View;
  const rowsOf = (caseId: string) => t.sql<View>('select * from identity_verifications where case_id = $1 order by id', [caseId]);
  const eventsOf = (caseId: string, id: string) =>
    t.sql<{ type: string; data: any }>(`select type, data from events where case_id = $1 and data->'object'->>'id' = $2 order by id`, [caseId, id]);

  async function newCase(parts: { deceased?: Body | null; executor?: Body | null } = {}): Promise<string> {
    const caseId = kept(await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    if (parts.deceased) kept(await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Samuel', last_name: 'Okafor', date_of_death: '2026-08-20', ...parts.deceased }).expect(201));
    if (parts.executor) kept(await t.http().put(`/v1/cases/${caseId}/executor`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', role: 'executor', ...parts.executor }).expect(201));
    return caseId;
  }

  /** An executor with everything every executor method needs. */
  const executor = (ssn: string | null): Body => ({ ssn, address: ADDRESS, date_of_birth: '1968-05-02' });

  /** Takes the provider's steps until the verification leaves pending and processing. */
  async function settle(caseId: string, id: string): Promise<View> {
    for (let pass = 0; pass < 10; pass++) {
      const current = await read(caseId, id);
      if (!['pending', 'processing'].includes(current.status)) return current;
      await processor.processDue();
    }
    throw new Error(`identity verification ${id} never settled`);
  }

  async function created(caseId: string, body: Body): Promise<View> {
    const res = await start(caseId, body);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }

  describe('POST and the provider’s steps', () => {
    it('201 pending with every field, initiated by the caller; the step is a job; the executor reads pending', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('1234')) });
      const res = await start(caseId, { subject: 'executor', method: 'kba', notes: 'Before the letters.' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body.data).sort()).toEqual(representationOf(identityVerificationResource).sort());
      expect(res.body.data).toEqual({
        id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        subject: 'executor',
        method: 'kba',
        status: 'pending',
        session_url: null,
        result: null,
        checked_at: null,
        expires_at: null,
        document_ids: [],
        initiated_by: owner.userId,
        notes: 'Before the letters.',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const id = res.body.data.id;
      expect(await read(caseId, id)).toEqual(res.body.data);
      const jobs = await t.sql<{ data: any }>(`select data from pgboss.job where name = 'identity-verification-step' and data->>'id' = $1`, [id]);
      expect(jobs.map((job) => job.data)).toEqual([{ id, status: 'pending' }]);
      expect((await executorOf(caseId)).identity_status).toBe('pending');
      expect((await eventsOf(caseId, id)).map((event) => event.type)).toEqual(['identity_verification.created']);
    });

    it('kba: pending → processing (with its session) → verified; every check passed, expires_at a year after checked_at; status_changed twice; the executor verified', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('1234')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'kba' });
      await processor.processDue();
      const processing = await read(caseId, id);
      expect(processing).toMatchObject({ status: 'processing', session_url: `https://idv.simulator.estatedesk.invalid/sessions/simidv_${id.toLowerCase()}`, result: null, checked_at: null });
      expect((await executorOf(caseId)).identity_status).toBe('pending');
      const verified = await settle(caseId, id);
      expect(verified).toMatchObject({
        status: 'verified',
        result: {
          outcome: 'pass',
          checks: [
            { check: 'name_match', status: 'passed' },
            { check: 'ssn_match', status: 'passed' },
            { check: 'kba_passed', status: 'passed' },
          ],
          failure_code: null,
        },
      });
      const checkedAt = new Date(verified.checked_at);
      const expiresAt = new Date(verified.expires_at);
      expect(expiresAt.getTime() - checkedAt.getTime()).toBeGreaterThanOrEqual(YEAR_MS);
      expect(expiresAt.toISOString()).toBe(`${checkedAt.getUTCFullYear() + 1}${verified.checked_at.slice(4)}`);
      const events = await eventsOf(caseId, id);
      expect(events.map((event) => event.type)).toEqual(['identity_verification.created', 'identity_verification.status_changed', 'identity_verification.status_changed']);
      expect(events.map((event) => [event.data.previous_attributes?.status, event.data.object.status])).toEqual([
        [undefined, 'pending'],
        ['pending', 'processing'],
        ['processing', 'verified'],
      ]);
      expect(events[1].data.actor).toEqual({ type: 'system', id: 'identity_verification_processor' });
      const person = await executorOf(caseId);
      expect(person.identity_status).toBe('verified');
      // A step run again (a job delivered twice) changes nothing.
      await processor.processDue();
      expect(await read(caseId, id)).toEqual(verified);
    });

    /** §11.4's simulator: by the last four digits of the subject's SSN (each row a case of its own). */
    const OUTCOMES: Array<{ subject: 'executor' | 'deceased'; method: string; ssn: string | null; failure: string | null; checks: Array<[string, string]>; dob?: boolean }> = [
      { subject: 'executor', method: 'kba', ssn: '0000', failure: 'identity_mismatch', checks: [['name_match', 'passed'], ['ssn_match', 'failed'], ['kba_passed', 'not_checked']] },
      { subject: 'executor', method: 'kba', ssn: '0001', failure: 'kba_failed', checks: [['name_match', 'passed'], ['ssn_match', 'passed'], ['kba_passed', 'failed']] },
      {
        subject: 'executor', method: 'document_check', ssn: '0000', failure: 'identity_mismatch',
        checks: [['document_authentic', 'passed'], ['document_unexpired', 'passed'], ['selfie_match', 'passed'], ['name_match', 'failed']],
      },
      {
        subject: 'executor', method: 'document_check', ssn: '0001', failure: 'document_expired',
        checks: [['document_authentic', 'passed'], ['document_unexpired', 'failed'], ['selfie_match', 'not_checked'], ['name_match', 'not_checked']],
      },
      {
        subject: 'executor', method: 'document_check', ssn: null, failure: null,
        checks: [['document_authentic', 'passed'], ['document_unexpired', 'passed'], ['selfie_match', 'passed'], ['name_match', 'passed']],
      },
      { subject: 'executor', method: 'id_number', ssn: '0000', failure: 'identity_mismatch', checks: [['name_match', 'passed'], ['dob_match', 'passed'], ['ssn_match', 'failed']] },
      { subject: 'executor', method: 'id_number', ssn: '0001', failure: null, checks: [['name_match', 'passed'], ['dob_match', 'passed'], ['ssn_match', 'passed']] },
      { subject: 'executor', method: 'id_number', ssn: '5678', failure: null, checks: [['name_match', 'passed'], ['dob_match', 'passed'], ['ssn_match', 'passed']] },
      {
        subject: 'deceased', method: 'death_record_match', ssn: '0000', failure: 'no_death_record',
        checks: [['death_record_found', 'failed'], ['name_match', 'not_checked'], ['ssn_match', 'not_checked'], ['dob_match', 'not_checked'], ['date_of_death_match', 'not_checked']],
      },
      {
        subject: 'deceased', method: 'death_record_match', ssn: '0001', failure: 'date_of_death_mismatch', dob: true,
        checks: [['death_record_found', 'passed'], ['name_match', 'passed'], ['ssn_match', 'passed'], ['dob_match', 'passed'], ['date_of_death_match', 'failed']],
      },
      {
        subject: 'deceased', method: 'death_record_match', ssn: '9999', failure: null,
        checks: [['death_record_found', 'passed'], ['name_match', 'passed'], ['ssn_match', 'passed'], ['dob_match', 'not_checked'], ['date_of_death_match', 'passed']],
      },
      {
        subject: 'deceased', method: 'death_certificate_review', ssn: '0000', failure: 'no_death_record',
        checks: [['document_authentic', 'passed'], ['name_match', 'passed'], ['date_of_death_match', 'passed'], ['death_record_found', 'failed']],
      },
      {
        subject: 'deceased', method: 'death_certificate_review', ssn: '0001', failure: null,
        checks: [['document_authentic', 'passed'], ['name_match', 'passed'], ['date_of_death_match', 'passed'], ['death_record_found', 'passed']],
      },
      {
        subject: 'deceased', method: 'death_certificate_review', ssn: null, failure: null,
        checks: [['document_authentic', 'passed'], ['name_match', 'passed'], ['date_of_death_match', 'passed'], ['death_record_found', 'passed']],
      },
    ];
    for (const row of OUTCOMES) {
      it(`${row.subject} by ${row.method}, SSN ${row.ssn ? `…${row.ssn}` : 'unset'} → ${row.failure ? `failed (${row.failure})` : 'verified'}`, async () => {
        const ssn = row.ssn ? ssnEnding(row.ssn) : null;
        const caseId =
          row.subject === 'executor'
            ? await newCase({ executor: executor(ssn) })
            : await newCase({ deceased: { ssn, ...(row.dob ? { date_of_birth: '1941-03-14' } : {}) } });
        const documentIds = row.method === 'death_certificate_review' ? [(await upload(t, owner, caseId).expect(201)).body.data.id] : [];
        const { id } = await created(caseId, { subject: row.subject, method: row.method, document_ids: documentIds });
        const settled = await settle(caseId, id);
        expect(settled).toMatchObject({
          status: row.failure ? 'failed' : 'verified',
          result: { outcome: row.failure ? 'fail' : 'pass', checks: row.checks.map(([check, status]) => ({ check, status })), failure_code: row.failure },
          checked_at: expect.any(String),
          expires_at: row.failure ? null : expect.any(String),
          session_url: ['kba', 'document_check'].includes(row.method) ? expect.stringMatching(/^https:\/\//) : null,
          document_ids: documentIds,
        });
        if (row.subject === 'executor') expect((await executorOf(caseId)).identity_status).toBe(row.failure ? 'failed' : 'verified');
      });
    }
  });

  describe('refusals', () => {
    it('422 when the method does not verify the subject, naming method', async () => {
      const caseId = await newCase({ deceased: { ssn: ssnEnding('1111') }, executor: executor(ssnEnding('2222')) });
      for (const body of [{ subject: 'deceased', method: 'kba' }, { subject: 'executor', method: 'death_record_match' }, { subject: 'executor', method: 'death_certificate_review' }, { subject: 'deceased', method: 'id_number' }]) {
        const res = await start(caseId, body);
        expectError(res, 422, 'validation_error');
        expect(res.body.error.details).toEqual([{ field: 'method', message: expect.stringContaining(`does not verify the ${body.subject}`), reason: 'rule' }]);
      }
      expect(await rowsOf(caseId)).toEqual([]);
    });

    it('422 naming subject when the case has no record of it', async () => {
      const caseId = await newCase();
      for (const body of [{ subject: 'executor', method: 'document_check' }, { subject: 'deceased', method: 'death_record_match' }]) {
        const res = await start(caseId, body);
        expectError(res, 422, 'validation_error');
        expect(res.body.error.details).toEqual([{ field: 'subject', message: expect.stringContaining(`has no ${body.subject} record`), reason: 'rule' }]);
      }
      expect(await rowsOf(caseId)).toEqual([]);
    });

    it('422 naming each field of the subject the method needs and the record lacks', async () => {
      const bare = await newCase({ deceased: {}, executor: {} });
      const expectations: Array<[Body, string[]]> = [
        [{ subject: 'deceased', method: 'death_record_match' }, ['deceased.ssn']],
        [{ subject: 'executor', method: 'kba' }, ['executor.ssn', 'executor.address']],
        [{ subject: 'executor', method: 'id_number' }, ['executor.date_of_birth', 'executor.ssn']],
        [{ subject: 'deceased', method: 'death_certificate_review' }, ['document_ids']],
      ];
      for (const [body, fields] of expectations) {
        const res = await start(bare, body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res).sort()).toEqual([...fields].sort());
        expect(res.body.error.details.every((detail: { reason: string }) => detail.reason === 'rule')).toBe(true);
      }
      // document_check needs nothing beyond the executor's record.
      expect((await start(bare, { subject: 'executor', method: 'document_check' })).status).toBe(201);
      // A kba on an executor with an SSN but no address still names the address.
      const partial = await newCase({ executor: { ssn: ssnEnding('3333') } });
      expect(detailFields(await start(partial, { subject: 'executor', method: 'kba' }))).toEqual(['executor.address']);
      expect(await rowsOf(partial)).toEqual([]);
    });

    it('422 for document_ids: a death certificate for its review, documents of this case only, no duplicates, at most 20', async () => {
      const caseId = await newCase({ deceased: {} });
      const other = await newCase();
      const will = (await upload(t, owner, caseId, { fields: { type: 'will' } }).expect(201)).body.data.id;
      const certificate = (await upload(t, owner, caseId).expect(201)).body.data.id;
      const foreign = (await upload(t, owner, other).expect(201)).body.data.id;
      const review = (document_ids: unknown) => start(caseId, { subject: 'deceased', method: 'death_certificate_review', document_ids });
      const cases: Array<[unknown, string[]]> = [
        [[will], ['document_ids']],
        [[certificate, foreign], ['document_ids[1]']],
        [[certificate, UNKNOWN_ID], ['document_ids[1]']],
        [[certificate, certificate], ['document_ids[1]']],
        [Array.from({ length: 21 }, () => certificate), ['document_ids']],
        ['not-a-list', ['document_ids']],
      ];
      for (const [ids, fields] of cases) {
        const res = await review(ids);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(fields);
      }
      expect(await rowsOf(caseId)).toEqual([]);
      expect((await review([will, certificate])).status).toBe(201);
    });

    it('422 for the body: missing or unknown subject and method, read-only fields', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('4444')) });
      const missing = await start(caseId, {});
      expectError(missing, 422, 'validation_error');
      expect(detailFields(missing).sort()).toEqual(['method', 'subject']);
      const wrong = await start(caseId, { subject: 'heir', method: 'palm_reading' });
      expect(detailFields(wrong).sort()).toEqual(['method', 'subject']);
      const readOnly = await start(caseId, { subject: 'executor', method: 'kba', status: 'verified', result: { outcome: 'pass' }, initiated_by: 'me' });
      expect(detailFields(readOnly).sort()).toEqual(['initiated_by', 'result', 'status']);
      expect(await rowsOf(caseId)).toEqual([]);
    });

    it('409 invalid_state while another verification of the same subject is pending or processing; the other subject is free; again once it ended', async () => {
      const caseId = await newCase({ deceased: { ssn: ssnEnding('5555') }, executor: executor(ssnEnding('6666')) });
      const first = await created(caseId, { subject: 'executor', method: 'id_number' });
      const busy = await start(caseId, { subject: 'executor', method: 'kba' });
      expectError(busy, 409, 'invalid_state');
      expect(busy.body.error.details).toEqual([{ field: 'subject', message: 'the executor has a pending or processing identity verification', reason: 'conflict' }]);
      await created(caseId, { subject: 'deceased', method: 'death_record_match' });
      await processor.processDue();
      expect((await read(caseId, first.id)).status).toBe('processing');
      expectError(await start(caseId, { subject: 'executor', method: 'kba' }), 409, 'invalid_state');
      expect((await rowsOf(caseId)).length).toBe(2);
      await settle(caseId, first.id);
      await created(caseId, { subject: 'executor', method: 'kba' });
    });

    it('two racing POSTs for one subject: exactly one 201, the others 409; one row', async () => {
      for (let round = 0; round < 3; round++) {
        const caseId = await newCase({ executor: executor(ssnEnding('7777')) });
        const statuses = (await Promise.all(Array.from({ length: 5 }, () => start(caseId, { subject: 'executor', method: 'document_check' })))).map((res) => res.status).sort();
        expect(statuses).toEqual([201, 409, 409, 409, 409]);
        expect((await rowsOf(caseId)).length).toBe(1);
      }
    });

    it('DELETE is 405 with Allow; another organization gets 404 on every route and changes nothing', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('8888')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'kba' });
      const removed = await t.http().delete(`${collection(caseId)}/${id}`).set(owner.auth);
      expectError(removed, 405, 'method_not_allowed');
      expect(removed.headers.allow).toBeDefined();
      const before = await rowsOf(caseId);
      const routes: Array<[string, string, Body | undefined]> = [
        ['get', collection(caseId), undefined],
        ['post', collection(caseId), { subject: 'executor', method: 'kba' }],
        ['get', `${collection(caseId)}/${id}`, undefined],
        ['patch', `${collection(caseId)}/${id}`, { notes: 'mine now' }],
        ['post', `${collection(caseId)}/${id}/cancel`, {}],
      ];
      for (const [method, path, body] of routes) {
        const request = t.http()[method as 'get'](path).set(stranger.auth);
        expectError(kept(await (body ? request.send(body) : request)), 404, 'not_found');
      }
      expect(await rowsOf(caseId)).toEqual(before);
      // A verification of another case of the same organization is 404 under this one.
      const other = await newCase();
      expectError(await t.http().get(`${collection(other)}/${id}`).set(owner.auth), 404, 'not_found');
      expectError(await cancel(other, id), 404, 'not_found');
      expectError(await cancel(caseId, UNKNOWN_ID), 404, 'not_found');
      expect(await rowsOf(caseId)).toEqual(before);
    });
  });

  describe('cancel', () => {
    it('pending → cancelled (200, status_changed, notes from the body); a step queued before finds it cancelled and does nothing', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('1212')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'kba' });
      const res = await cancel(caseId, id, { notes: 'Started for the wrong person.' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, status: 'cancelled', notes: 'Started for the wrong person.', result: null, checked_at: null });
      await processor.processDue();
      expect(await read(caseId, id)).toEqual(res.body.data);
      expect((await rowsOf(caseId))[0]).toMatchObject({ status: 'cancelled', next_check_at: null, provider_reference: null });
      const events = await eventsOf(caseId, id);
      expect(events.map((event) => event.type)).toEqual(['identity_verification.created', 'identity_verification.status_changed']);
      expect(events[1].data.previous_attributes).toEqual({ status: 'pending', notes: null });
    });

    it('processing → cancelled; then 409 invalid_state from cancelled, verified and failed, changing nothing', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('1313')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'document_check' });
      await processor.processDue();
      expect((await read(caseId, id)).status).toBe('processing');
      expect((await cancel(caseId, id)).body.data.status).toBe('cancelled');
      const finished = await created(caseId, { subject: 'executor', method: 'id_number' });
      await settle(caseId, finished.id);
      const failing = await newCase({ executor: executor(ssnEnding('0000')) });
      const failed = await created(failing, { subject: 'executor', method: 'kba' });
      expect((await settle(failing, failed.id)).status).toBe('failed');
      for (const [place, target, status] of [[caseId, id, 'cancelled'], [caseId, finished.id, 'verified'], [failing, failed.id, 'failed']] as const) {
        const before = await rowsOf(place);
        const refused = await cancel(place, target, { notes: 'too late' });
        expectError(refused, 409, 'invalid_state');
        expect(refused.body.error.message).toContain(`A ${status} identity verification cannot be cancelled`);
        expect(await rowsOf(place)).toEqual(before);
      }
    });

    it('If-Match: 412 when stale (nothing changes), 200 with the current ETag; an Idempotency-Key replays the first answer and cancels once', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('1414')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'kba' });
      const current = kept(await t.http().get(`${collection(caseId)}/${id}`).set(owner.auth)).headers.etag;
      const before = await rowsOf(caseId);
      expectError(kept(await t.http().post(`${collection(caseId)}/${id}/cancel`).set(owner.auth).set('If-Match', '"stale"').send({})), 412, 'precondition_failed');
      expect(await rowsOf(caseId)).toEqual(before);
      const key = `cancel-${id}`;
      const first = kept(await t.http().post(`${collection(caseId)}/${id}/cancel`).set(owner.auth).set('If-Match', current).set('Idempotency-Key', key).send({}));
      expect(first.status).toBe(200);
      const again = kept(await t.http().post(`${collection(caseId)}/${id}/cancel`).set(owner.auth).set('If-Match', current).set('Idempotency-Key', key).send({}));
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect((await eventsOf(caseId, id)).filter((event) => event.type === 'identity_verification.status_changed')).toHaveLength(1);
    });
  });

  describe('PATCH', () => {
    it('writes notes (identity_verification.updated) and adds documents; never removes one, never clears them, only documents of the case', async () => {
      const caseId = await newCase({ deceased: {} });
      const other = await newCase();
      const certificate = (await upload(t, owner, caseId).expect(201)).body.data.id as string;
      const scan = (await upload(t, owner, caseId, { fields: { type: 'correspondence' } }).expect(201)).body.data.id as string;
      const foreign = (await upload(t, owner, other).expect(201)).body.data.id as string;
      const { id } = await created(caseId, { subject: 'deceased', method: 'death_certificate_review', document_ids: [certificate] });
      const url = `${collection(caseId)}/${id}`;
      const noted = kept(await t.http().patch(url).set(owner.auth).send({ notes: 'Certified copy from the county.' }));
      expect(noted.status).toBe(200);
      expect(noted.body.data.notes).toBe('Certified copy from the county.');
      const added = kept(await t.http().patch(url).set(owner.auth).send({ document_ids: [certificate, scan] }));
      expect(added.body.data.document_ids).toEqual([certificate, scan]);
      const before = await rowsOf(caseId);
      const refusals: Array<[Body, string[]]> = [
        [{ document_ids: [scan] }, ['document_ids']],
        [{ document_ids: null }, ['document_ids']],
        [{ document_ids: [certificate, scan, foreign] }, ['document_ids[2]']],
        [{ document_ids: [certificate, scan, scan] }, ['document_ids[2]']],
        [{ status: 'verified' }, ['status']],
        [{ subject: 'executor' }, ['subject']],
      ];
      for (const [body, fields] of refusals) {
        const res = kept(await t.http().patch(url).set(owner.auth).send(body));
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(fields);
      }
      expect(await rowsOf(caseId)).toEqual(before);
      const types = (await eventsOf(caseId, id)).map((event) => event.type);
      expect(types).toEqual(['identity_verification.created', 'identity_verification.updated', 'identity_verification.updated']);
      // A document a verification names is in use.
      const inUse = kept(await t.http().delete(`/v1/cases/${caseId}/documents/${scan}`).set(owner.auth));
      expectError(inUse, 409, 'document_in_use');
      expect(inUse.body.error.details).toEqual([{ field: `identity_verification:${id}`, message: `identity_verification ${id} names this document`, reason: 'conflict' }]);
      // Notes may still be written once the outcome is known.
      await settle(caseId, id);
      expect(kept(await t.http().patch(url).set(owner.auth).send({ notes: null })).body.data).toMatchObject({ status: 'verified', notes: null });
    });
  });

  describe('the executor’s identity_status', () => {
    it('follows the newest verification that was not cancelled: unverified, pending, failed, pending, (cancelled: failed again), verified; a new executor record reads it too', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('0000')) });
      expect((await executorOf(caseId)).identity_status).toBe('unverified');
      const before = kept(await t.http().get(`/v1/cases/${caseId}/executor`).set(owner.auth)).headers.etag;
      const first = await created(caseId, { subject: 'executor', method: 'kba' });
      const pending = kept(await t.http().get(`/v1/cases/${caseId}/executor`).set(owner.auth));
      expect(pending.body.data.identity_status).toBe('pending');
      expect(pending.headers.etag).not.toBe(before);
      await settle(caseId, first.id);
      expect((await executorOf(caseId)).identity_status).toBe('failed');
      const second = await created(caseId, { subject: 'executor', method: 'document_check' });
      expect((await executorOf(caseId)).identity_status).toBe('pending');
      await cancel(caseId, second.id);
      expect((await executorOf(caseId)).identity_status).toBe('failed');
      // A deceased verification does not touch it.
      kept(await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Samuel', last_name: 'Okafor', date_of_death: '2026-08-20', ssn: ssnEnding('2468') }).expect(201));
      const deceased = await created(caseId, { subject: 'deceased', method: 'death_record_match' });
      await settle(caseId, deceased.id);
      expect((await executorOf(caseId)).identity_status).toBe('failed');
      // A corrected SSN, then a verification that passes.
      kept(await t.http().patch(`/v1/cases/${caseId}/executor`).set(owner.auth).send({ ssn: ssnEnding('1357') }).expect(200));
      const third = await created(caseId, { subject: 'executor', method: 'id_number' });
      await settle(caseId, third.id);
      const executorView = await executorOf(caseId);
      expect(executorView.identity_status).toBe('verified');
      // The computed field writes no executor event of its own.
      const executorEvents = await t.sql<{ type: string }>(`select type from events where case_id = $1 and type like 'executor.%' order by id`, [caseId]);
      expect(executorEvents.map((event) => event.type)).toEqual(['executor.created', 'executor.updated']);
      // Deleted and created again, the executor still mirrors the newest verification.
      kept(await t.http().delete(`/v1/cases/${caseId}/executor`).set(owner.auth).expect(204));
      const again = kept(await t.http().put(`/v1/cases/${caseId}/executor`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', role: 'executor' }).expect(201));
      expect(again.body.data.identity_status).toBe('verified');
    });

    it('a verification whose executor record was deleted meanwhile fails without asking the provider (identity_mismatch, nothing checked)', async () => {
      const caseId = await newCase({ executor: executor(ssnEnding('2020')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'kba' });
      kept(await t.http().delete(`/v1/cases/${caseId}/executor`).set(owner.auth).expect(204));
      const settled = await settle(caseId, id);
      expect(settled).toMatchObject({
        status: 'failed',
        result: { outcome: 'fail', failure_code: 'identity_mismatch', checks: [{ check: 'name_match', status: 'not_checked' }, { check: 'ssn_match', status: 'not_checked' }, { check: 'kba_passed', status: 'not_checked' }] },
      });
    });
  });

  describe('an unreachable provider', () => {
    afterEach(() => jest.restoreAllMocks());

    /** The waits between tries (1, 2, 4, 8 s) are brought forward: the queue's due time is what the test skips. */
    async function stepNow(): Promise<void> {
      await t.sql(`update pgboss.job set start_after = now() where name = 'identity-verification-step' and state = 'created'`);
      await processor.processDue();
    }

    it('is tried five times, then the verification fails with provider_unavailable; no check ran; the error’s words are not logged', async () => {
      const ssn = ssnEnding('3030');
      // The adapter always throws, quoting what it was sent (as a careless real one might).
      const start = jest.spyOn(provider, 'start').mockRejectedValue(new Error(`connect ECONNREFUSED idv.example for ${ssn}`));
      const caseId = await newCase({ executor: executor(ssn) });
      const { id } = await created(caseId, { subject: 'executor', method: 'kba' });
      lines = [];
      const attempts: number[] = [];
      for (let pass = 0; pass < 5; pass++) {
        await stepNow();
        attempts.push((await rowsOf(caseId))[0].provider_attempts);
      }
      expect(start).toHaveBeenCalledTimes(5);
      expect(attempts).toEqual([1, 2, 3, 4, 5]);
      const failed = await read(caseId, id);
      expect(failed).toMatchObject({
        status: 'failed',
        checked_at: null,
        expires_at: null,
        session_url: null,
        result: { outcome: 'fail', failure_code: 'provider_unavailable', checks: [{ check: 'name_match', status: 'not_checked' }, { check: 'ssn_match', status: 'not_checked' }, { check: 'kba_passed', status: 'not_checked' }] },
      });
      expect((await rowsOf(caseId))[0].next_check_at).toBeNull();
      await stepNow();
      expect(start).toHaveBeenCalledTimes(5);
      expect((await executorOf(caseId)).identity_status).toBe('failed');
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'identity provider unreachable; will retry');
      expect(warnings).toHaveLength(5);
      expect(warnings[0]).toMatchObject({ verification_id: id, error: 'Error' });
      expect(lines.join('')).not.toContain('ECONNREFUSED');
    });

    it('recovers when the provider answers again before the fifth try (processing, then verified)', async () => {
      const real = provider.outcome.bind(provider);
      let failures = 2;
      jest.spyOn(provider, 'outcome').mockImplementation(async (request) => {
        if (failures-- > 0) throw new Error('timeout');
        return real(request);
      });
      const caseId = await newCase({ executor: executor(ssnEnding('4040')) });
      const { id } = await created(caseId, { subject: 'executor', method: 'id_number' });
      for (let pass = 0; pass < 6 && (await read(caseId, id)).status !== 'verified'; pass++) await stepNow();
      expect(await read(caseId, id)).toMatchObject({ status: 'verified', result: { failure_code: null } });
      expect((await rowsOf(caseId))[0].provider_attempts).toBe(0);
    });
  });

  describe('privacy', () => {
    it('no SSN sent in full appears in any response, event, job or log line of this suite', async () => {
      expect(SECRETS.size).toBeGreaterThan(10);
      const events = (await t.sql<{ text: string }>('select data::text as text from events')).map((row) => row.text).join('\n');
      const jobs = (await t.sql<{ text: string }>(`select data::text as text from pgboss.job where name = 'identity-verification-step'`)).map((row) => row.text).join('\n');
      const verifications = (await t.sql<{ text: string }>('select row_to_json(v)::text as text from identity_verifications v')).map((row) => row.text).join('\n');
      const log = lines.join('');
      expect(events.length).toBeGreaterThan(0);
      expect(responses.length).toBeGreaterThan(50);
      for (const ssn of SECRETS) {
        for (const form of [ssn, ssn.replace(/-/g, '')]) {
          for (const [where, text] of [['responses', responses.join('\n')], ['events', events], ['jobs', jobs], ['verifications', verifications], ['log', log]] as const) {
            expect({ where, found: text.includes(form) }).toEqual({ where, found: false });
          }
        }
      }
    });
  });
});

describe('identity verifications: the provider processor in the API process (PROVIDER_PROCESSOR=on)', () => {
  let t: TestApp;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: undefined, PROVIDER_STEP_DELAY_MS: '0' });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  it('a verification settles by itself', async () => {
    const owner = await t.invite();
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id;
    await t.http().put(`/v1/cases/${caseId}/executor`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', role: 'executor', ssn: '123-45-0001', address: ADDRESS }).expect(201);
    const id = (await t.http().post(`/v1/cases/${caseId}/identity-verifications`).set(owner.auth).send({ subject: 'executor', method: 'kba' }).expect(201)).body.data.id;
    const deadline = Date.now() + 15_000;
    let current: View = {};
    while (Date.now() < deadline) {
      current = (await t.http().get(`/v1/cases/${caseId}/identity-verifications/${id}`).set(owner.auth).expect(200)).body.data;
      if (current.status === 'failed') break;
      await new Promise((tick) => setTimeout(tick, 50));
    }
    expect(current).toMatchObject({ status: 'failed', result: { failure_code: 'kba_failed' } });
    expect((await t.http().get(`/v1/cases/${caseId}/executor`).set(owner.auth).expect(200)).body.data.identity_status).toBe('failed');
  });
});
