import { SearchProcessor, SearchProvider, searchResource } from '@estate/discovery';
import { representationOf } from '@estate/shared-kernel';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const SEARCH_FIELDS = representationOf(searchResource).sort();
const DECEASED = {
  first_name: 'Samuel',
  last_name: 'Okafor',
  date_of_death: '2026-08-20',
  ssn: '123-45-6789',
  address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' },
};

type View = Record<string, any>;

/**
 * Search initiation (contract-extensions §15.2) and its provider (§11.4): the parameters' rules, the person search's
 * needs, `409 search_in_progress`, every simulator outcome, an unreachable provider, the case's `pending_searches`
 * and the events. The API's provider processor is off: the tests take each step themselves.
 */
describe('search initiation (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let processor: SearchProcessor;
  let provider: SearchProvider;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', PROVIDER_STEP_DELAY_MS: '0', SEARCH_PROVIDER: undefined });
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    processor = t.app.get(SearchProcessor);
    provider = t.app.get(SearchProvider);
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  async function newCase(deceased: Record<string, unknown> | null = DECEASED): Promise<string> {
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    if (deceased) await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send(deceased).expect(201);
    return caseId;
  }

  const initiate = (caseId: string, body: Record<string, unknown>, caller = owner) => t.http().post(`/v1/cases/${caseId}/searches/initiate`).set(caller.auth).send(body);
  const read = async (caseId: string, id: string): Promise<View> => (await t.http().get(`/v1/cases/${caseId}/searches/${id}`).set(owner.auth).expect(200)).body.data;
  const readCase = (caseId: string) => t.http().get(`/v1/cases/${caseId}`).set(owner.auth).expect(200);
  const row = async (id: string) => (await t.sql<View>('select * from searches where id = $1', [id]))[0];
  const counts = async (caseId: string) =>
    (await t.sql<{ searches: number; events: number }>('select (select count(*)::int from searches where case_id = $1) as searches, (select count(*)::int from events where case_id = $1) as events', [caseId]))[0];
  const eventsOf = async (caseId: string, type: string): Promise<View[]> =>
    [...(await t.http().get(`/v1/cases/${caseId}/events?per_page=100&type=${type}`).set(owner.auth).expect(200)).body.data].reverse();
  async function addBusiness(caseId: string, body: Record<string, unknown> = {}): Promise<View> {
    const res = await t.http().post(`/v1/cases/${caseId}/businesses`).set(owner.auth).send({ business_name: 'Okafor Hardware LLC', entity_type: 'llc', ownership_percentage: 100, ein: '36-4829175', ...body });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data;
  }
  /** Runs due provider steps until the search is `status`. */
  async function stepUntil(caseId: string, id: string, status: string): Promise<View> {
    for (let pass = 0; pass < 6; pass++) {
      const current = await read(caseId, id);
      if (current.status === status) return current;
      await processor.processDue();
    }
    throw new Error(`search ${id} never reached ${status}`);
  }

  describe('POST …/searches/initiate', () => {
    it('201 pending with its parameters (states defaulting to the deceased’s state); the case shows it pending; search.created', async () => {
      const caseId = await newCase();
      const etagBefore = (await readCase(caseId)).headers.etag;
      const res = await initiate(caseId, { type: 'unclaimed_property', parameters: { name_variants: ['Sam Okafor'] } });
      expect(res.status).toBe(201);
      expect(res.headers.etag).toBeDefined();
      const made = res.body.data;
      expect(Object.keys(made).sort()).toEqual(SEARCH_FIELDS);
      expect(made).toMatchObject({
        type: 'unclaimed_property', status: 'pending', completed_at: null, results_summary: null,
        parameters: { states: ['IL'], name_variants: ['Sam Okafor'], business_id: null, business_name: null, business_ein: null },
      });
      expect(await read(caseId, made.id)).toEqual(made);
      const kase = await readCase(caseId);
      expect(kase.body.data.pending_searches).toEqual(['unclaimed_property']);
      expect(kase.headers.etag).not.toBe(etagBefore);
      const [created] = await eventsOf(caseId, 'search.created');
      expect(created.data.object).toEqual(made);
      expect(created.data.actor).toEqual({ type: 'user', id: owner.userId });
      // Nothing was asked of the provider: the first step waits in the queue.
      const jobs = await t.sql("select state from pgboss.job where name = 'search-step' and singleton_key = $1", [made.id]);
      expect(jobs).toEqual([{ state: 'created' }]);
    });

    it('the processor runs it: in_progress, then completed with the simulator’s summary; pending_searches follows; told as search.status_changed by the processor', async () => {
      const caseId = await newCase();
      const made = (await initiate(caseId, { type: 'bank_account', parameters: { states: ['IL', 'WI'] } }).expect(201)).body.data;
      await processor.processDue();
      const running = await read(caseId, made.id);
      expect(running).toMatchObject({ status: 'in_progress', completed_at: null });
      expect((await readCase(caseId)).body.data.pending_searches).toEqual(['bank_account']);
      const etagRunning = (await readCase(caseId)).headers.etag;
      const done = await stepUntil(caseId, made.id, 'completed');
      expect(done).toMatchObject({ results_summary: 'simulated: no matches', completed_at: expect.stringMatching(/Z$/), parameters: { states: ['IL', 'WI'] } });
      const kase = await readCase(caseId);
      expect(kase.body.data.pending_searches).toEqual([]);
      expect(kase.headers.etag).not.toBe(etagRunning);
      const moves = await eventsOf(caseId, 'search.status_changed');
      expect(moves.map((event) => [event.data.previous_attributes.status, event.data.object.status, event.data.actor])).toEqual([
        ['pending', 'in_progress', { type: 'system', id: 'search_processor' }],
        ['in_progress', 'completed', { type: 'system', id: 'search_processor' }],
      ]);
      // Nothing more is asked once it is final.
      expect(await processor.processDue()).toBe(0);
    });

    it("fails when the deceased's SSN ends in 0000", async () => {
      const caseId = await newCase({ ...DECEASED, ssn: '123-45-0000' });
      const made = (await initiate(caseId, { type: 'life_insurance' }).expect(201)).body.data;
      const failed = await stepUntil(caseId, made.id, 'failed');
      expect(failed).toMatchObject({ results_summary: 'simulated: the search could not be completed', completed_at: null });
      expect((await readCase(caseId)).body.data.pending_searches).toEqual([]);
    });

    it('business_bank_account by business_id: the name and EIN come from the business (masked); its EIN ending 0000 fails it', async () => {
      const caseId = await newCase(null);
      const business = await addBusiness(caseId);
      const made = (await initiate(caseId, { type: 'business_bank_account', parameters: { business_id: business.id } }).expect(201)).body.data;
      expect(made.parameters).toEqual({ states: [], name_variants: [], business_id: business.id, business_name: 'Okafor Hardware LLC', business_ein: '******9175' });
      const stored = await row(made.id);
      expect(stored.business_ein).not.toContain('4829175');
      expect((await stepUntil(caseId, made.id, 'completed')).results_summary).toBe('simulated: no matches');

      const failing = await addBusiness(caseId, { business_name: 'Okafor Rentals LLC', ein: '36-4820000' });
      const second = (await initiate(caseId, { type: 'business_bank_account', parameters: { business_id: failing.id } }).expect(201)).body.data;
      expect((await stepUntil(caseId, second.id, 'failed')).results_summary).toBe('simulated: the search could not be completed');
    });

    it('business_bank_account by business_name, with or without an EIN (masked; ending 0000 fails); pending_searches knows the type', async () => {
      const caseId = await newCase();
      const named = (await initiate(caseId, { type: 'business_bank_account', parameters: { business_name: 'Okafor Feed & Seed', business_ein: '36-4820000', states: ['IA'] } }).expect(201)).body.data;
      expect(named.parameters).toEqual({ states: ['IA'], name_variants: [], business_id: null, business_name: 'Okafor Feed & Seed', business_ein: '******0000' });
      expect((await readCase(caseId)).body.data.pending_searches).toEqual(['business_bank_account']);
      await stepUntil(caseId, named.id, 'failed');
      const plain = (await initiate(caseId, { type: 'business_bank_account', parameters: { business_name: 'Okafor Feed & Seed' } }).expect(201)).body.data;
      expect(plain.parameters.business_ein).toBeNull();
      await stepUntil(caseId, plain.id, 'completed');
    });

    it('a search recorded with POST …/searches takes business_bank_account too, with parameters null', async () => {
      const caseId = await newCase();
      const recorded = (await t.http().post(`/v1/cases/${caseId}/searches`).set(owner.auth).send({ type: 'business_bank_account' }).expect(201)).body.data;
      expect(recorded).toMatchObject({ type: 'business_bank_account', status: 'pending', parameters: null });
      expect((await readCase(caseId)).body.data.pending_searches).toEqual(['business_bank_account']);
      // The processor leaves a recorded search alone.
      expect(await processor.processDue()).toBe(0);
      expect((await read(caseId, recorded.id)).status).toBe('pending');
    });

    it('422 for a person search without the deceased record; a business search needs none; nothing written', async () => {
      const caseId = await newCase(null);
      const before = await counts(caseId);
      const res = await initiate(caseId, { type: 'vehicle' });
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([['deceased', 'rule']]);
      expect(res.body.error.details[0].message).toContain('date_of_death');
      expect(await counts(caseId)).toEqual(before);
      await initiate(caseId, { type: 'business_bank_account', parameters: { business_name: 'Okafor Hardware LLC' } }).expect(201);
    });

    it('422 for parameters that break the rules, each named; nothing written', async () => {
      const caseId = await newCase();
      const business = await addBusiness(caseId);
      const otherCase = await newCase();
      const theirs = await addBusiness(otherCase);
      const before = await counts(caseId);
      const refusals: Array<[Record<string, unknown>, Array<[string, string]>]> = [
        [{ type: 'bank_account', parameters: { business_name: 'Okafor Hardware LLC', business_ein: '36-4829175' } }, [['parameters.business_name', 'rule'], ['parameters.business_ein', 'rule']]],
        [{ type: 'business_bank_account' }, [['parameters.business_id', 'required']]],
        [{ type: 'business_bank_account', parameters: { states: ['IL'] } }, [['parameters.business_id', 'required']]],
        [{ type: 'business_bank_account', parameters: { business_id: business.id, business_name: 'Okafor Hardware LLC' } }, [['parameters.business_name', 'conflict']]],
        [{ type: 'business_bank_account', parameters: { business_id: business.id, business_ein: '36-4829175' } }, [['parameters.business_ein', 'conflict']]],
        [{ type: 'business_bank_account', parameters: { business_id: UNKNOWN_ID } }, [['parameters.business_id', 'rule']]],
        [{ type: 'business_bank_account', parameters: { business_id: theirs.id } }, [['parameters.business_id', 'rule']]],
        [{ type: 'business_bank_account', parameters: { business_name: 'Okafor Hardware LLC', business_ein: '00-4829175' } }, [['parameters.business_ein', 'rule']]],
        [{ type: 'bank_account', parameters: { states: ['IL', 'WI', 'IL'] } }, [['parameters.states[2]', 'conflict']]],
        [{ type: 'bank_account', parameters: { name_variants: ['Sam', ' '] } }, [['parameters.name_variants[1]', 'range']]],
      ];
      for (const [body, details] of refusals) {
        const res = await initiate(caseId, body);
        expectError(res, 422, 'validation_error');
        expect({ body, details: detailReasons(res) }).toEqual({ body, details });
      }
      // Shapes the body's schema refuses.
      const shapes: Array<[Record<string, unknown>, string[]]> = [
        [{}, ['type']],
        [{ type: 'yacht' }, ['type']],
        [{ type: 'bank_account', status: 'completed', extra: 1 }, ['extra', 'status']],
        [{ type: 'bank_account', parameters: { states: ['XX'], extra: true } }, ['parameters.extra', 'parameters.states']],
        [{ type: 'business_bank_account', parameters: { business_name: 'Okafor Hardware LLC', business_ein: '364829175' } }, ['parameters.business_ein']],
        [{ type: 'bank_account', parameters: 'IL' }, ['parameters']],
      ];
      for (const [body, fields] of shapes) {
        const res = await initiate(caseId, body);
        expectError(res, 422, 'validation_error');
        expect({ body, fields: detailFields(res).sort() }).toEqual({ body, fields });
      }
      expect(await counts(caseId)).toEqual(before);
    });

    it('409 search_in_progress while a search of the type is pending or in_progress (recorded ones too); another type, or once it ended, is fine', async () => {
      const caseId = await newCase();
      const first = (await initiate(caseId, { type: 'real_estate' }).expect(201)).body.data;
      const before = await counts(caseId);
      const again = await initiate(caseId, { type: 'real_estate', parameters: { states: ['WI'] } });
      expectError(again, 409, 'search_in_progress');
      expect(detailReasons(again)).toEqual([['type', 'conflict']]);
      expect(await counts(caseId)).toEqual(before);
      await processor.processDue();
      expect((await read(caseId, first.id)).status).toBe('in_progress');
      const running = await counts(caseId);
      expectError(await initiate(caseId, { type: 'real_estate' }), 409, 'search_in_progress');
      expect(await counts(caseId)).toEqual(running);
      await initiate(caseId, { type: 'debt' }).expect(201);
      await stepUntil(caseId, first.id, 'completed');
      await initiate(caseId, { type: 'real_estate' }).expect(201);

      await t.http().post(`/v1/cases/${caseId}/searches`).set(owner.auth).send({ type: 'retirement', status: 'in_progress' }).expect(201);
      expectError(await initiate(caseId, { type: 'retirement' }), 409, 'search_in_progress');
    });

    it('404 for an unknown or foreign case', async () => {
      const caseId = await newCase();
      expectError(await initiate(caseId, { type: 'vehicle' }, stranger), 404, 'not_found');
      expectError(await initiate(UNKNOWN_ID, { type: 'vehicle' }), 404, 'not_found');
      expect((await counts(caseId)).searches).toBe(0);
    });

    it('#10 still moves an initiated search forward by hand (the processor then leaves it); its parameters are not writable', async () => {
      const caseId = await newCase();
      const made = (await initiate(caseId, { type: 'vehicle' }).expect(201)).body.data;
      const url = `/v1/cases/${caseId}/searches/${made.id}`;
      const readOnly = await t.http().patch(url).set(owner.auth).send({ parameters: { states: ['WI'] } });
      expectError(readOnly, 422, 'validation_error');
      expect(detailReasons(readOnly)).toEqual([['parameters', 'unknown_field']]);
      await t.http().patch(url).set(owner.auth).send({ status: 'completed', results_summary: 'Found the title at the DMV.' }).expect(200);
      await processor.processDue();
      expect(await read(caseId, made.id)).toMatchObject({ status: 'completed', results_summary: 'Found the title at the DMV.' });
      expect((await row(made.id)).next_check_at).toBeNull();
    });
  });

  describe('an unreachable provider', () => {
    it('tried again after 1, 2, 4 and 8 s, then failed with provider_unavailable, told by the processor', async () => {
      const caseId = await newCase();
      const made = (await initiate(caseId, { type: 'debt' }).expect(201)).body.data;
      const failing = () => Promise.reject(new Error('connect ECONNREFUSED search.provider.example:443'));
      const spies = [jest.spyOn(provider, 'start').mockImplementation(failing), jest.spyOn(provider, 'outcome').mockImplementation(failing)];
      try {
        const waits: number[] = [];
        await processor.processDue();
        for (let attempt = 1; attempt <= 4; attempt++) {
          const stored = await row(made.id);
          expect({ attempt, status: stored.status, attempts: stored.provider_attempts }).toEqual({ attempt, status: 'pending', attempts: attempt });
          waits.push(stored.next_check_at.getTime() - stored.updated_at.getTime());
          // The next try waits for its back-off: a run before it leaves the search as it is.
          await processor.processDue();
          expect(await row(made.id)).toEqual(stored);
          await t.sql("update pgboss.job set start_after = now() where name = 'search-step' and singleton_key = $1 and state = 'created'", [made.id]);
          await processor.processDue();
        }
        expect(waits).toEqual([1000, 2000, 4000, 8000]);
      } finally {
        spies.forEach((spy) => spy.mockRestore());
      }
      const failed = await read(caseId, made.id);
      expect(failed).toMatchObject({ status: 'failed', results_summary: 'provider_unavailable: the search provider could not be reached', completed_at: null });
      expect((await readCase(caseId)).body.data.pending_searches).toEqual([]);
      const [last] = (await eventsOf(caseId, 'search.status_changed')).slice(-1);
      expect(last.data).toMatchObject({ object: { status: 'failed' }, actor: { type: 'system', id: 'search_processor' } });
    });
  });
});
