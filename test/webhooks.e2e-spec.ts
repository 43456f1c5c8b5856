import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { EntityManager } from '@mikro-orm/postgresql';
import { EventOutbox, UnitOfWork } from '@estate/shared-kernel';
import { TransferProcessor } from '@estate/transfers';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../apps/api/src/create-app';
import { expectError, detailFields } from './support/api-assertions';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { eventually, WebhookReceiver } from './support/webhook-receiver';

const WEBHOOK_ENV = {
  WEBHOOK_ALLOWED_TARGETS: '127.0.0.1/32,::1/128,localhost',
  WEBHOOK_RETRY_SCHEDULE: '0,0',
  WEBHOOK_DISPATCHER: 'on',
  // Transfers are stepped by the test itself (drain), with no pause between steps.
  TRANSFER_PROCESSOR: 'off',
  TRANSFER_STEP_DELAY_MS: '0',
};
const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

/** Contract §14.4–§14.8 against a real receiver on loopback: endpoints, signed deliveries, retries, the log. */
describe('webhooks (e2e, contract §14.4–§14.8)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let receiver: WebhookReceiver;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv(WEBHOOK_ENV);
    receiver = await new WebhookReceiver().start();
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
    restoreEnv();
  });

  const createEndpoint = async (caller: TestCaller, path: string, enabledEvents: string[] = ['*']) => {
    const res = await t.http().post('/v1/webhook-endpoints').set(caller.auth).send({ url: receiver.url(path), enabled_events: enabledEvents });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; secret: string; url: string };
  };
  const deliveriesOf = async (caller: TestCaller, endpointId: string, query = '') => {
    const res = await t.http().get(`/v1/webhook-endpoints/${endpointId}/deliveries?per_page=100${query}`).set(caller.auth);
    expect(res.status).toBe(200);
    return res.body.data as Array<Record<string, any>>;
  };
  const ping = async (caller: TestCaller, endpointId: string) =>
    (await t.http().post(`/v1/webhook-endpoints/${endpointId}/ping`).set(caller.auth).expect(201)).body.data as { id: string; type: string };
  const verified = (secret: string, hook: { body: string; headers: Record<string, unknown> }) =>
    new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as Record<string, any>;
  /** Checks a delivered body against the served document's `webhooks` entry for its type: the errors, none when it agrees. */
  const webhookSchemaErrors = async () => {
    const doc = (await t.http().get('/v1/openapi.json').expect(200)).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv, ['date', 'date-time', 'email', 'uri']);
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    return (body: Record<string, any>): unknown[] => {
      const entry = doc.webhooks?.[body.type]?.post;
      if (!entry) return [`no webhooks entry for ${body.type}`];
      const ref = String(entry.requestBody.content['application/json'].schema.$ref);
      const validate = ajv.getSchema(`openapi${ref}`) ?? ajv.compile({ $ref: `openapi${ref}` });
      return validate(body) ? [] : (validate.errors ?? []);
    };
  };

  describe('roles (contract-extensions §13.2, §14.4: owners and admins only)', () => {
    it('a member is 403 forbidden on every endpoint and delivery route, and nothing changes; an admin manages them', async () => {
      const member = await t.join(owner, 'member');
      const admin = await t.join(owner, 'admin');
      const made = await t.http().post('/v1/webhook-endpoints').set(admin.auth).send({ url: receiver.url('/roles'), enabled_events: ['case.created'] }).expect(201);
      const id = made.body.data.id as string;
      const ping = await t.http().post(`/v1/webhook-endpoints/${id}/ping`).set(owner.auth).expect(201);
      const [delivery] = await t.sql<{ id: string }>('select id from webhook_deliveries where event_id = $1', [ping.body.data.id]);
      const before = await t.sql('select * from webhook_endpoints where organization_id = $1 order by id', [owner.organizationId]);
      const eventsBefore = await t.sql('select count(*)::int as n from events where organization_id = $1', [owner.organizationId]);
      const calls: Array<[string, string, object?]> = [
        ['get', '/v1/webhook-endpoints'],
        ['post', '/v1/webhook-endpoints', { url: receiver.url('/member'), enabled_events: ['*'] }],
        ['get', `/v1/webhook-endpoints/${id}`],
        ['patch', `/v1/webhook-endpoints/${id}`, { description: 'mine now' }],
        ['delete', `/v1/webhook-endpoints/${id}`],
        ['post', `/v1/webhook-endpoints/${id}/rotate-secret`],
        ['post', `/v1/webhook-endpoints/${id}/ping`],
        ['get', `/v1/webhook-endpoints/${id}/deliveries`],
        ['get', `/v1/webhook-endpoints/${id}/deliveries/${delivery.id}`],
        ['post', `/v1/webhook-endpoints/${id}/deliveries/${delivery.id}/retry`],
      ];
      for (const [method, url, body] of calls) {
        const req = t.http()[method as 'get'](url).set(member.auth);
        expectError(await (body ? req.send(body) : req), 403, 'forbidden');
      }
      expect(await t.sql('select * from webhook_endpoints where organization_id = $1 order by id', [owner.organizationId])).toEqual(before);
      expect(await t.sql('select count(*)::int as n from events where organization_id = $1', [owner.organizationId])).toEqual(eventsBefore);
      // The admin reads, changes and deletes what it made.
      await t.http().get(`/v1/webhook-endpoints/${id}/deliveries`).set(admin.auth).expect(200);
      await t.http().patch(`/v1/webhook-endpoints/${id}`).set(admin.auth).send({ description: 'admin' }).expect(200);
      await t.http().delete(`/v1/webhook-endpoints/${id}`).set(admin.auth).expect(204);
    });
  });

  describe('endpoints', () => {
    it('creates an endpoint, shows its secret once, stores it encrypted, and tells webhook_endpoint.created', async () => {
      const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url: receiver.url('/crud'), description: 'sync', enabled_events: ['person.*', 'case.created'] });
      expect(res.status).toBe(201);
      expect(res.headers.etag).toMatch(/^"/);
      const endpoint = res.body.data;
      expect(endpoint).toMatchObject({ url: receiver.url('/crud'), description: 'sync', enabled_events: ['person.*', 'case.created'], status: 'enabled', disabled_reason: null });
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

      const read = await t.http().get(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).expect(200);
      expect(read.body.data.secret).toBeUndefined();
      expect(read.body.data).toEqual({ ...endpoint, secret: undefined });
      const list = await t.http().get('/v1/webhook-endpoints?per_page=100').set(owner.auth).expect(200);
      expect(list.body.data.map((row: { id: string }) => row.id)).toContain(endpoint.id);
      expect(list.body.meta).toMatchObject({ page: 1, per_page: 100, has_more: false });
      expect(list.body.data.every((row: Record<string, unknown>) => !('secret' in row))).toBe(true);

      const [stored] = await t.sql<{ secret: string }>('select secret from webhook_endpoints where id = $1', [endpoint.id]);
      expect(stored.secret).not.toContain(endpoint.secret.slice(6));
      expect(stored.secret.startsWith('v1:')).toBe(true);

      const events = await t.sql<{ type: string; case_id: string | null; organization_id: string; data: any }>(
        `select type, case_id, organization_id, data from events where data->'object'->>'id' = $1 order by id`,
        [endpoint.id],
      );
      expect(events.map((event) => event.type)).toEqual(['webhook_endpoint.created']);
      expect(events[0]).toMatchObject({ case_id: null, organization_id: owner.organizationId });
      expect(JSON.stringify(events[0].data)).not.toContain(endpoint.secret);
    });

    it('a create sent with an Idempotency-Key replays the same secret, which the idempotency record keeps sealed, never in clear', async () => {
      const key = `hook-${Date.now()}`;
      const send = () =>
        t.http().post('/v1/webhook-endpoints').set(owner.auth).set('Idempotency-Key', key).send({ url: receiver.url('/idem'), enabled_events: ['*'] });
      const first = await send();
      expect(first.status).toBe(201);
      const replay = await send();
      expect(replay.status).toBe(201);
      expect(replay.body.data.secret).toBe(first.body.data.secret);
      const rows = await t.sql<{ body: string }>('select response_body::text as body from idempotency_keys where idempotency_key = $1', [key]);
      expect(rows).toHaveLength(1);
      expect(rows[0].body).not.toContain(first.body.data.secret.slice(6));
      expect(rows[0].body).not.toContain(first.body.data.id);
    });

    it('refuses private, link-local and loopback addresses and plain http outside WEBHOOK_ALLOWED_TARGETS (422 on url)', async () => {
      for (const url of ['https://10.0.0.8/hook', 'https://169.254.169.254/latest/meta-data', 'https://192.168.1.20/', 'https://[fd00::1]/', 'https://127.0.0.2/', 'http://93.184.216.34/hook', 'ftp://example.com/']) {
        const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url, enabled_events: ['*'] });
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(['url']);
      }
      // The refusal says which setting would allow the target, and never what a host resolves to.
      const refused = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url: 'https://10.0.0.8/hook', enabled_events: ['*'] });
      expect(refused.body.error.details[0].message).toBe(
        'url destination is not allowed; the WEBHOOK_ALLOWED_TARGETS setting (WEBHOOK_ALLOW_LOOPBACK=on for this machine) allows it',
      );
      const plain = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url: 'http://93.184.216.34/hook', enabled_events: ['*'] });
      expect(plain.body.error.details[0].message).toMatch(/^url must use https; the WEBHOOK_ALLOWED_TARGETS setting .* allows an http target$/);
      const endpoint = await createEndpoint(owner, '/patch-url');
      const patched = await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).send({ url: 'https://172.16.5.4/x' });
      expectError(patched, 422, 'validation_error');
      expect(detailFields(patched)).toEqual(['url']);
    });

    it('validates enabled_events (non-empty; types, prefix.* or *)', async () => {
      for (const enabled of [[], 'person.*']) {
        const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url: receiver.url('/v'), enabled_events: enabled });
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toContain('enabled_events');
      }
      for (const enabled of [['nonsense'], ['person.exploded'], ['shareholder.*']]) {
        const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url: receiver.url('/v'), enabled_events: enabled });
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(['enabled_events[0]']);
      }
    });

    it.each([
      ['transaction.deleted', 'transactions are never deleted'],
      ['search.deleted', 'searches are never deleted'],
      ['transfer.updated', 'a transfer only moves its status'],
      ['transfer.deleted', 'transfers are never deleted'],
      ['email.updated', 'an email is never edited; its delivery moves its status'],
      ['closure_request.deleted', 'closure requests are cancelled, never deleted'],
      ['accounting.updated', 'a settled accounting never changes'],
      ['accounting.status_changed', 'a settled accounting has no status to move'],
    ])('refuses %s, a type that cannot exist (%s): 422 naming the item', async (impossible) => {
      const body = { url: receiver.url('/impossible'), enabled_events: ['person.*', impossible, 'case.created'] };
      const res = await t.http().post('/v1/webhook-endpoints').set(owner.auth).send(body);
      expectError(res, 422, 'validation_error');
      expect(res.body.error.details).toEqual([{ field: 'enabled_events[1]', message: expect.stringContaining(impossible), reason: 'enum' }]);
      const endpoint = await createEndpoint(owner, '/impossible-patch', ['person.*']);
      const patched = await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).send({ enabled_events: [impossible] });
      expectError(patched, 422, 'validation_error');
      expect(detailFields(patched)).toEqual(['enabled_events[0]']);
      await t.http().delete(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).expect(204);
    });

    it('accepts every kind of type that exists: *, key patterns, writes, status moves, scheduled and single ones', async () => {
      const org = await t.invite();
      const enabled = ['*', 'transaction.*', 'transfer.created', 'transfer.status_changed', 'transaction.updated', 'search.status_changed', 'email.deleted', 'deadline.reminder', 'deadline.overdue', 'webhook_endpoint.ping', 'accounting.*', 'accounting.created', 'accounting.deleted'];
      const endpoint = await createEndpoint(org, '/every-kind', enabled);
      const read = await t.http().get(`/v1/webhook-endpoints/${endpoint.id}`).set(org.auth).expect(200);
      expect(read.body.data.enabled_events).toEqual(enabled);
    });

    it('allows at most 20 endpoints per organization (422 for the 21st)', async () => {
      const busy = await t.invite();
      for (let index = 0; index < 20; index++) await createEndpoint(busy, `/many-${index}`, ['webhook_endpoint.ping']);
      const res = await t.http().post('/v1/webhook-endpoints').set(busy.auth).send({ url: receiver.url('/many-21'), enabled_events: ['*'] });
      expectError(res, 422, 'validation_error');
      const list = await t.http().get('/v1/webhook-endpoints?per_page=5').set(busy.auth).expect(200);
      expect(list.body.meta).toMatchObject({ total_count: 20, total_pages: 4, has_more: true });
      const beyond = await t.http().get('/v1/webhook-endpoints?per_page=5&page=9').set(busy.auth).expect(200);
      expect(beyond.body).toMatchObject({ data: [], meta: { total_count: 20, total_pages: 4, has_more: false } });
      // Cursor mode walks all 20 once.
      const seen: string[] = [];
      let cursor = '';
      for (;;) {
        const page = await t.http().get(`/v1/webhook-endpoints?per_page=7&cursor=${cursor}`).set(busy.auth).expect(200);
        seen.push(...page.body.data.map((row: { id: string }) => row.id));
        if (!page.body.meta.has_more) break;
        cursor = page.body.meta.next_cursor;
      }
      expect(new Set(seen).size).toBe(20);
    });

    // Its read, patch, delete and list are the generated contract's (test/contracts/webhooks.e2e-spec.ts).
    it("hides another organization's endpoint from its own routes (404): rotate-secret, ping, deliveries", async () => {
      const endpoint = await createEndpoint(owner, '/private');
      expectError(await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/ping`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`).set(stranger.auth), 404, 'not_found');
    });

    it('patches by merge patch with If-Match (412 when stale); disabled by hand is manual, enabled clears the reason; each change is told', async () => {
      const endpoint = await createEndpoint(owner, '/patch');
      const first = await t.http().get(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).expect(200);
      const disabled = await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).set('If-Match', first.headers.etag).send({ status: 'disabled', description: 'paused' });
      expect(disabled.status).toBe(200);
      expect(disabled.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'manual', description: 'paused' });
      expect(disabled.headers.etag).not.toBe(first.headers.etag);
      expectError(await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).set('If-Match', first.headers.etag).send({ status: 'enabled' }), 412, 'precondition_failed');
      const enabled = await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).send({ status: 'enabled', description: null });
      expect(enabled.body.data).toMatchObject({ status: 'enabled', disabled_reason: null, description: null });
      expectError(await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).send({ enabled_events: null }), 422, 'validation_error');
      expectError(await t.http().patch(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).send({ status: 'paused' }), 422, 'validation_error');

      const events = await t.sql<{ type: string; data: any }>(`select type, data from events where data->'object'->>'id' = $1 order by id`, [endpoint.id]);
      expect(events.map((event) => event.type)).toEqual(['webhook_endpoint.created', 'webhook_endpoint.updated', 'webhook_endpoint.updated']);
      expect(events[1].data.previous_attributes).toEqual({ status: 'enabled', disabled_reason: null, description: null });
      expect(events[2].data.previous_attributes).toEqual({ status: 'disabled', disabled_reason: 'manual', description: 'paused' });
    });

    it('deletes an endpoint (204): gone for reads, pending deliveries cancelled, webhook_endpoint.deleted told', async () => {
      const endpoint = await createEndpoint(owner, '/delete');
      const event = await ping(owner, endpoint.id);
      // Keep its delivery pending (due tomorrow) so deletion has one to cancel.
      // (The dispatcher may already have sent it: put it back to pending and take its lease, so an attempt in flight
      // is not recorded.)
      await t.sql(
        `update webhook_deliveries set status = 'pending', next_attempt_at = now() + interval '1 day', lease_until = null, attempts = '[]' where endpoint_id = $1`,
        [endpoint.id],
      );
      const deleted = await t.http().delete(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth);
      expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 204, body: {} });
      expectError(await t.http().get(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth), 404, 'not_found');
      const rows = await t.sql<{ status: string }>('select status from webhook_deliveries where event_id = $1', [event.id]);
      expect(rows.map((row) => row.status)).toEqual(['cancelled']);
      const told = await t.sql(`select 1 from events where type = 'webhook_endpoint.deleted' and data->'object'->>'id' = $1`, [endpoint.id]);
      expect(told).toHaveLength(1);
    });
  });

  describe('deliveries', () => {
    it('delivers the create, patch and delete of a person once each, signed (verified with standardwebhooks), as GET /v1/events/{id} shows them', async () => {
      const org = await t.invite();
      const endpoint = await createEndpoint(org, '/persons', ['person.*']);
      const caseId = (await t.http().post('/v1/cases').set(org.auth).send({}).expect(201)).body.data.id;
      const person = (await t.http().post(`/v1/cases/${caseId}/persons`).set(org.auth).send({ first_name: 'Ada', last_name: 'Byron', relationship: 'child' }).expect(201)).body.data;
      await t.http().patch(`/v1/cases/${caseId}/persons/${person.id}`).set(org.auth).send({ first_name: 'Augusta' }).expect(200);
      await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(org.auth).expect(204);

      await eventually(() => receiver.at('/persons').length >= 3, 8000, 'three deliveries');
      await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more arrives
      const hooks = receiver.at('/persons');
      expect(hooks).toHaveLength(3);
      const bodies = hooks.map((hook) => verified(endpoint.secret, hook));
      expect(bodies.map((body) => body.type).sort()).toEqual(['person.created', 'person.deleted', 'person.updated']);
      for (const hook of hooks) {
        expect(hook.headers['content-type']).toBe('application/json');
        expect(hook.headers['user-agent']).toBe('EstateDesk-Webhooks/1');
        const body = JSON.parse(hook.body);
        expect(hook.headers['webhook-id']).toBe(body.id);
        expect(Math.abs(Number(hook.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
        const read = await t.http().get(`/v1/events/${body.id}`).set(org.auth).expect(200);
        expect(body).toEqual(read.body.data);
      }
      // A tampered body fails the independent verifier.
      expect(() => new Webhook(endpoint.secret).verify(hooks[0].body.replace('person', 'persom'), hooks[0].headers as Record<string, string>)).toThrow();

      const log = await deliveriesOf(org, endpoint.id);
      expect(log).toHaveLength(3);
      for (const delivery of log) {
        expect(delivery).toMatchObject({ endpoint_id: endpoint.id, status: 'succeeded', next_attempt_at: null });
        expect(delivery.attempts).toEqual([{ attempted_at: expect.any(String), response_status: 200, duration_ms: expect.any(Number), error: null }]);
      }
      const filtered = await deliveriesOf(org, endpoint.id, '&event_type=person.updated&status=succeeded');
      expect(filtered.map((delivery) => delivery.event_type)).toEqual(['person.updated']);
      const one = await t.http().get(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${log[0].id}`).set(org.auth).expect(200);
      expect(one.body.data).toEqual(log[0]);
      // The case's own case.created did not match person.*.
      expect(bodies.some((body) => body.type === 'case.created')).toBe(false);
    });

    it("delivers a transfer's whole lifecycle once per move, signed, in the order of created_at, the processor's moves included", async () => {
      const org = await t.invite();
      const endpoint = await createEndpoint(org, '/transfers', ['transfer.*']);
      const caseId = (await t.http().post('/v1/cases').set(org.auth).send({ authority: { level: 'level_2', types: ['executor_in_will'] } }).expect(201)).body.data.id;
      const bank = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open' };
      await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(org.auth)
        .send({ ...bank, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 }).expect(201);
      const source = (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(org.auth).send({ ...bank, account_number: '000123451234', available_balance: 500, current_balance: 500 }).expect(201)).body.data;
      const transfer = (await t.http().post(`/v1/cases/${caseId}/transfers`).set(org.auth).send({ bank_account_id: source.id, amount: 125 }).expect(201)).body.data;
      await t.app.get(TransferProcessor).drain();

      await eventually(() => receiver.at('/transfers').length >= 6, 8000, 'six transfer deliveries');
      await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more arrives
      const bodies = receiver.at('/transfers').map((hook) => verified(endpoint.secret, hook));
      expect(bodies).toHaveLength(6);
      expect(new Set(bodies.map((body) => body.id)).size).toBe(6);
      const ordered = [...bodies].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      expect(ordered.map((body) => [body.type, body.data.object.status])).toEqual([
        ['transfer.created', 'requested'],
        ['transfer.status_changed', 'verifying'],
        ['transfer.status_changed', 'approved'],
        ['transfer.status_changed', 'submitted'],
        ['transfer.status_changed', 'in_transit'],
        ['transfer.status_changed', 'settled'],
      ]);
      expect(ordered.every((body) => body.data.object.id === transfer.id && body.case_id === caseId)).toBe(true);
      expect(ordered.slice(1).every((body) => body.data.actor.type === 'system' && body.data.previous_attributes.status)).toBe(true);
      // Each delivery is what the document's `webhooks` section says its type carries (data.object a TransferView).
      const schemaErrors = await webhookSchemaErrors();
      for (const body of ordered) expect({ type: body.type, errors: schemaErrors(body) }).toEqual({ type: body.type, errors: [] });
      expect(schemaErrors({ ...ordered[0], data: { ...ordered[0].data, object: { id: transfer.id } } })).not.toEqual([]);
      const log = await deliveriesOf(org, endpoint.id);
      expect(log.map((delivery) => delivery.status)).toEqual(Array(6).fill('succeeded'));
    });

    it('queues deliveries in the write\'s own transaction: a rolled-back write queues none, a committed one is delivered', async () => {
      const org = await t.invite();
      const endpoint = await createEndpoint(org, '/atomic', ['webhook_endpoint.deleted']);
      const uow = t.app.get(UnitOfWork);
      const outbox = t.app.get(EventOutbox);
      // The injected entity manager, as use cases hold it: the rows must still join the transaction of the run.
      const em = t.app.get(EntityManager);
      // No endpoint of this new organization is deleted: the only event of that type is this draft.
      const draft = { type: 'webhook_endpoint.deleted', caseId: null, organizationId: org.organizationId, object: { id: org.userId } };
      await expect(
        uow.run(async () => {
          await outbox.emit(em, draft);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const none = await t.sql(`select 1 from webhook_deliveries where endpoint_id = $1`, [endpoint.id]);
      expect(none).toHaveLength(0);
      const event = await uow.run(() => outbox.emit(em, draft));
      await eventually(() => receiver.at('/atomic').some((hook) => hook.headers['webhook-id'] === event?.id), 8000, 'the committed event');
      expect(await t.sql(`select 1 from webhook_deliveries where endpoint_id = $1`, [endpoint.id])).toHaveLength(1);
    });

    it('retries 500, 500 then 200: three attempts in the log', async () => {
      const endpoint = await createEndpoint(owner, '/flaky', ['webhook_endpoint.ping']);
      receiver.answer('/flaky', [500, 500, 200]);
      const event = await ping(owner, endpoint.id);
      expect(event.type).toBe('webhook_endpoint.ping');
      const [delivery] = await eventually(async () => {
        const log = await deliveriesOf(owner, endpoint.id);
        return log.length === 1 && log[0].status !== 'pending' ? log : undefined;
      }, 8000, 'the delivery to finish');
      expect(delivery.status).toBe('succeeded');
      expect(delivery.attempts.map((attempt: any) => [attempt.response_status, attempt.error])).toEqual([
        [500, 'http_status'],
        [500, 'http_status'],
        [200, null],
      ]);
      const hooks = receiver.at('/flaky');
      expect(hooks).toHaveLength(3);
      // The same webhook-id on every retry, each attempt signed with its own timestamp.
      expect(new Set(hooks.map((hook) => hook.headers['webhook-id']))).toEqual(new Set([event.id]));
      for (const hook of hooks) verified(endpoint.secret, hook);
    });

    it('fails after the last retry; a redirect is a failure (redirect) and is not followed; retry puts it back to pending (and pending → 409)', async () => {
      const endpoint = await createEndpoint(owner, '/moved', ['webhook_endpoint.ping']);
      receiver.answer('/moved', [302, 302, 302, 200].map((status) => (status === 302 ? { status, headers: { location: '/elsewhere' } } : status)));
      await ping(owner, endpoint.id);
      const [delivery] = await eventually(async () => {
        const log = await deliveriesOf(owner, endpoint.id);
        return log.length === 1 && log[0].status === 'failed' ? log : undefined;
      }, 8000, 'the delivery to fail');
      expect(delivery.attempts.map((attempt: any) => [attempt.response_status, attempt.error])).toEqual([
        [302, 'redirect'],
        [302, 'redirect'],
        [302, 'redirect'],
      ]);
      expect(receiver.at('/elsewhere')).toHaveLength(0);
      expect(delivery.next_attempt_at).toBeNull();

      const retried = await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`).set(owner.auth);
      expect(retried.status).toBe(200);
      expect(retried.body.data).toMatchObject({ id: delivery.id, status: 'pending' });
      await eventually(async () => (await deliveriesOf(owner, endpoint.id))[0].status === 'succeeded', 8000, 'the retried delivery');
      expect((await deliveriesOf(owner, endpoint.id))[0].attempts).toHaveLength(4);

      await t.sql(`update webhook_deliveries set status = 'pending', next_attempt_at = now() + interval '1 day' where id = $1`, [delivery.id]);
      expectError(await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`).set(owner.auth), 409, 'invalid_state');
      expectError(await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${UNKNOWN_ID}/retry`).set(owner.auth), 404, 'not_found');
    });

    it('410 Gone disables the endpoint (gone), ends the delivery and tells webhook_endpoint.updated', async () => {
      const endpoint = await createEndpoint(owner, '/gone', ['webhook_endpoint.ping']);
      receiver.answer('/gone', [410]);
      await ping(owner, endpoint.id);
      const read = await eventually(async () => {
        const res = await t.http().get(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).expect(200);
        return res.body.data.status === 'disabled' ? res.body.data : undefined;
      }, 8000, 'the endpoint to be disabled');
      expect(read.disabled_reason).toBe('gone');
      const [delivery] = await deliveriesOf(owner, endpoint.id);
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0].response_status).toBe(410);
      const told = await t.sql<{ data: any }>(`select data from events where type = 'webhook_endpoint.updated' and data->'object'->>'id' = $1`, [endpoint.id]);
      expect(told).toHaveLength(1);
      expect(told[0].data).toMatchObject({ previous_attributes: { status: 'enabled', disabled_reason: null }, actor: { type: 'system', id: 'webhook_dispatcher' } });
      // Disabled: new events are not queued for it.
      await ping(owner, endpoint.id);
      const pings = await t.sql(`select 1 from webhook_deliveries where endpoint_id = $1`, [endpoint.id]);
      expect(pings.length).toBeLessThanOrEqual(2);
    });

    it('ten failed deliveries in a row disable the endpoint (failing)', async () => {
      const endpoint = await createEndpoint(owner, '/failing', ['webhook_endpoint.ping']);
      receiver.answer('/failing', new Array(40).fill(500));
      await t.sql(`update webhook_endpoints set consecutive_failures = 9 where id = $1`, [endpoint.id]);
      await ping(owner, endpoint.id);
      const read = await eventually(async () => {
        const res = await t.http().get(`/v1/webhook-endpoints/${endpoint.id}`).set(owner.auth).expect(200);
        return res.body.data.status === 'disabled' ? res.body.data : undefined;
      }, 8000, 'the endpoint to be disabled');
      expect(read.disabled_reason).toBe('failing');
      expect(receiver.at('/failing')).toHaveLength(3);
    });

    it('refuses at attempt time an address that is no longer allowed (destination_not_allowed)', async () => {
      const endpoint = await createEndpoint(owner, '/rebound', ['webhook_endpoint.ping']);
      // As if the name now resolved to a private address: the check runs again on every attempt.
      await t.sql(`update webhook_endpoints set url = 'https://10.1.2.3/hook' where id = $1`, [endpoint.id]);
      await ping(owner, endpoint.id);
      const [delivery] = await eventually(async () => {
        const log = await deliveriesOf(owner, endpoint.id);
        return log.length === 1 && log[0].status === 'failed' ? log : undefined;
      }, 8000, 'the delivery to fail');
      expect(delivery.attempts.map((attempt: any) => [attempt.response_status, attempt.error])).toEqual([
        [null, 'destination_not_allowed'],
        [null, 'destination_not_allowed'],
        [null, 'destination_not_allowed'],
      ]);
    });

    it('rotate-secret: a new secret once, and both secrets sign for 24 hours', async () => {
      const endpoint = await createEndpoint(owner, '/rotate', ['webhook_endpoint.ping']);
      const rotated = await t.http().post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`).set(owner.auth).expect(200);
      const secret = rotated.body.data.secret as string;
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(endpoint.secret);
      await ping(owner, endpoint.id);
      const [hook] = await eventually(() => (receiver.at('/rotate').length > 0 ? receiver.at('/rotate') : undefined), 8000, 'the ping');
      const signatures = String(hook.headers['webhook-signature']).split(' ');
      expect(signatures).toHaveLength(2);
      expect(signatures.every((signature) => signature.startsWith('v1,'))).toBe(true);
      expect(verified(secret, hook).type).toBe('webhook_endpoint.ping');
      expect(verified(endpoint.secret, hook).type).toBe('webhook_endpoint.ping');
      const [row] = await t.sql<{ expires: string }>(`select previous_secret_expires_at as expires from webhook_endpoints where id = $1`, [endpoint.id]);
      expect(Math.abs(new Date(row.expires).getTime() - Date.now() - 24 * 3600 * 1000)).toBeLessThan(60_000);
    });

    it('ping goes to its endpoint only', async () => {
      const org = await t.invite();
      const target = await createEndpoint(org, '/ping-target', ['webhook_endpoint.*']);
      await createEndpoint(org, '/ping-other', ['*']);
      const event = await ping(org, target.id);
      await eventually(() => receiver.at('/ping-target').some((hook) => hook.headers['webhook-id'] === event.id), 8000, 'the ping');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.at('/ping-other').some((hook) => hook.headers['webhook-id'] === event.id)).toBe(false);
      expect(receiver.at('/ping-target').filter((hook) => hook.headers['webhook-id'] === event.id)).toHaveLength(1);
    });

    it("a case's deletion cancels its events' pending deliveries", async () => {
      const org = await t.invite();
      const endpoint = await createEndpoint(org, '/erased', ['person.*']);
      receiver.answer('/erased', new Array(20).fill(503).map((status) => ({ status, headers: { 'retry-after': '3600' } })));
      const caseId = (await t.http().post('/v1/cases').set(org.auth).send({}).expect(201)).body.data.id;
      await t.http().post(`/v1/cases/${caseId}/persons`).set(org.auth).send({ first_name: 'Ada', last_name: 'Byron', relationship: 'child' }).expect(201);
      // 503 with Retry-After: one hour → the delivery waits, pending.
      const [waiting] = await eventually(async () => {
        const log = await deliveriesOf(org, endpoint.id);
        return log.length === 1 && log[0].attempts.length === 1 ? log : undefined;
      }, 8000, 'the first attempt');
      expect(waiting.status).toBe('pending');
      expect(new Date(waiting.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(3500 * 1000);
      await t.http().delete(`/v1/cases/${caseId}`).set(org.auth).expect(204);
      const [cancelled] = await deliveriesOf(org, endpoint.id, '&event_type=person.created');
      expect(cancelled.status).toBe('cancelled');
    });
  });

  describe('two dispatchers over one database', () => {
    let second: NestExpressApplication;
    afterAll(async () => second?.close());

    it('deliver each event once', async () => {
      second = await createApp(t.config);
      const org = await t.invite();
      const endpoint = await createEndpoint(org, '/pair', ['webhook_endpoint.*']);
      const events = await Promise.all(Array.from({ length: 30 }, () => ping(org, endpoint.id)));
      await eventually(async () => {
        const rows = await t.sql<{ count: string }>(`select count(*) as count from webhook_deliveries where endpoint_id = $1 and status = 'succeeded'`, [endpoint.id]);
        return Number(rows[0].count) >= 31 ? true : undefined;
      }, 15000, 'every delivery');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = receiver.at('/pair').map((hook) => hook.headers['webhook-id']);
      for (const event of events) expect(ids.filter((id) => id === event.id)).toHaveLength(1);
      const attempts = await t.sql<{ n: number }>(`select jsonb_array_length(attempts) as n from webhook_deliveries where endpoint_id = $1`, [endpoint.id]);
      expect(attempts.every((row) => row.n === 1)).toBe(true);
    });
  });
});
