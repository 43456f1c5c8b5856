/**
 * Pro users, invitations and `/v1/me` (issue 22, contract-extensions §13.2, §13.4): every route's success and errors,
 * the role matrix of each write (member, admin, owner), the last owner (also under a race), tokens refused at once on
 * deactivation, organization-level events, the one-time codes, and the per-address limit of the invitation routes.
 */
import { createHash } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadAppConfig } from '@estate/shared-kernel';
import { EmailProvider } from '@estate/comms';
import { InvitationMailer } from '@estate/people';
import { createApp } from '../apps/api/src/create-app';
import { expectError } from './support/api-assertions';
import { overrideEnv } from './support/env';
import { PrivateRedis } from './support/private-redis';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

type Row = Record<string, any>;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('pro users, invitations and /v1/me (e2e, contract-extensions §13.2, §13.4)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let admin: TestCaller;
  let member: TestCaller;
  let stranger: TestCaller;
  let restoreEnv: () => void;
  let counter = 0;
  const address = (label: string) => `${label}-${++counter}-${Date.now()}@people.example.test`;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', EMAIL_FROM_ADDRESS: 'desk@estatedesk.example' });
    t = await createTestApp();
    owner = await t.invite();
    admin = await t.join(owner, 'admin');
    member = await t.join(owner, 'member');
    stranger = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const invite = (caller: TestCaller, body: object) => t.http().post('/v1/pro-users').set(caller.auth).send(body);
  const user = async (id: string) => (await t.sql('select * from users where id = $1', [id]))[0] as Row;
  const eventsOf = (id: string) => t.sql<Row>(`select type, case_id, data from events where data->'object'->>'id' = $1 order by id`, [id]);
  const snapshot = async () => ({
    // last_seen_at aside: any authenticated call may move it (at most once a minute).
    users: await t.sql('select id, email, role, status, first_name, last_name, created_at, updated_at, revoked_at from users where organization_id = $1 order by id', [owner.organizationId]),
    tokens: await t.sql('select t.* from access_tokens t join users u on u.id = t.user_id where u.organization_id = $1 order by t.id', [owner.organizationId]),
    invitations: await t.sql('select * from invitations where organization_id = $1 order by id', [owner.organizationId]),
    events: await t.sql('select id from events where organization_id = $1 order by id', [owner.organizationId]),
  });

  describe('POST /v1/pro-users (invite)', () => {
    it('an owner invites: 201 with the code once, an invited member, a hashed code, pro_user.created, and the e-mail through the port', async () => {
      const email = address('Invitee');
      const res = await invite(owner, { email, first_name: 'Ines', last_name: 'Vitée' }).expect(201);
      expect(res.body.data).toEqual({
        id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        email: email.toLowerCase(),
        first_name: 'Ines',
        last_name: 'Vitée',
        role: 'member',
        status: 'invited',
        last_seen_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        invitation_code: expect.stringMatching(/^inv_[A-Za-z0-9_-]{43}$/),
      });
      const code = res.body.data.invitation_code as string;
      const [stored] = await t.sql<Row>('select * from invitations where user_id = $1', [res.body.data.id]);
      expect(stored).toMatchObject({ kind: 'pro_user', organization_id: owner.organizationId, invited_by: owner.userId, code_hash: sha256(code), used_at: null });
      expect(JSON.stringify(stored)).not.toContain(code);
      expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBe(604_800_000);
      expect(await eventsOf(res.body.data.id)).toEqual([expect.objectContaining({ type: 'pro_user.created', case_id: null })]);
      // Not in the response's own GET: the code is shown once.
      const read = await t.http().get(`/v1/pro-users/${res.body.data.id}`).set(member.auth).expect(200);
      expect(read.body.data.invitation_code).toBeUndefined();

      // The e-mail goes in the background, through the comms context's e-mail port, carrying the code; then the code is forgotten.
      const simulator = t.app.get(EmailProvider) as unknown as { messages(): Array<{ to: string; from: string; body: string }> };
      expect(simulator.messages().some((message) => message.to === email.toLowerCase())).toBe(false);
      expect(await t.app.get(InvitationMailer).processDue()).toBeGreaterThanOrEqual(1);
      const sent = simulator.messages().find((message) => message.to === email.toLowerCase());
      expect(sent).toMatchObject({ from: 'desk@estatedesk.example', body: expect.stringContaining(code) });
      expect((await t.sql<Row>('select sealed_code from invitations where id = $1', [stored.id]))[0].sealed_code).toBeNull();
    });

    it('role matrix: a member is 403 and nothing changes; an admin invites members and admins but not owners; an owner invites owners', async () => {
      const before = await snapshot();
      expectError(await invite(member, { email: address('m') }), 403, 'forbidden');
      expectError(await invite(admin, { email: address('a'), role: 'owner' }), 403, 'forbidden');
      expect(await snapshot()).toEqual(before);
      expect((await invite(admin, { email: address('a'), role: 'admin' }).expect(201)).body.data.role).toBe('admin');
      expect((await invite(admin, { email: address('a') }).expect(201)).body.data.role).toBe('member');
      expect((await invite(owner, { email: address('o'), role: 'owner' }).expect(201)).body.data.role).toBe('owner');
    });

    it('409 already_invited for an address active or invited here, or in another organization; nothing is written', async () => {
      const email = address('twice');
      await invite(owner, { email }).expect(201);
      const [activeEmail] = await t.sql<Row>('select email from users where id = $1', [member.userId]);
      const [strangerEmail] = await t.sql<Row>('select email from users where id = $1', [stranger.userId]);
      const before = await snapshot();
      for (const taken of [email, email.toUpperCase(), activeEmail.email, strangerEmail.email]) expectError(await invite(owner, { email: taken }), 409, 'already_invited');
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('GET /v1/pro-users and /v1/pro-users/{user_id}', () => {
    it('any member lists the organization (filters role and status, page and cursor modes); another organization sees none of it', async () => {
      const all = await t.http().get('/v1/pro-users?per_page=100').set(member.auth).expect(200);
      const ids = (all.body.data as Row[]).map((row) => row.id);
      expect(ids).toEqual(expect.arrayContaining([owner.userId, admin.userId, member.userId]));
      expect(ids).not.toContain(stranger.userId);
      expect(all.body.meta).toMatchObject({ page: 1, per_page: 100, total_count: ids.length });
      const admins = await t.http().get('/v1/pro-users?role=admin&status=active').set(member.auth).expect(200);
      expect((admins.body.data as Row[]).every((row) => row.role === 'admin' && row.status === 'active')).toBe(true);
      expect((admins.body.data as Row[]).map((row) => row.id)).toContain(admin.userId);
      const invited = await t.http().get('/v1/pro-users?status=invited').set(owner.auth).expect(200);
      expect((invited.body.data as Row[]).length).toBeGreaterThan(0);
      expect((invited.body.data as Row[]).every((row) => row.status === 'invited')).toBe(true);
      const first = await t.http().get('/v1/pro-users?cursor=&per_page=2').set(owner.auth).expect(200);
      expect(first.body.meta.has_more).toBe(true);
      const second = await t.http().get(`/v1/pro-users?cursor=${encodeURIComponent(first.body.meta.next_cursor)}&per_page=2`).set(owner.auth).expect(200);
      expect((second.body.data as Row[]).map((row) => row.id)).not.toContain(first.body.data[0].id);
      expectError(await t.http().get('/v1/pro-users?role=viewer').set(owner.auth), 400, 'bad_request');
      expect((await t.http().get('/v1/pro-users').set(stranger.auth).expect(200)).body.data.map((row: Row) => row.id)).toEqual([stranger.userId]);
    });

    it('reads one member; another organization\'s or an unknown id is 404', async () => {
      const res = await t.http().get(`/v1/pro-users/${admin.userId}`).set(member.auth).expect(200);
      expect(res.body.data).toMatchObject({ id: admin.userId, role: 'admin', status: 'active' });
      expect(res.headers.etag).toBeDefined();
      expectError(await t.http().get(`/v1/pro-users/${owner.userId}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().get('/v1/pro-users/01JZZZZZZZZZZZZZZZZZZZZZZZ').set(owner.auth), 404, 'not_found');
    });

    it('last_seen_at moves when a member calls, at most once a minute', async () => {
      const fresh = await t.join(owner, 'member');
      await t.http().get('/v1/me').set(fresh.auth).expect(200);
      let seen: Row | undefined;
      for (let tries = 0; tries < 40 && !seen?.last_seen_at; tries++) {
        seen = await user(fresh.userId);
        if (!seen.last_seen_at) await new Promise((tick) => setTimeout(tick, 25));
      }
      expect(seen?.last_seen_at).not.toBeNull();
      await t.sql(`update users set last_seen_at = '2020-01-01' where id = $1`, [fresh.userId]);
      await t.http().get('/v1/me').set(fresh.auth).expect(200);
      await new Promise((tick) => setTimeout(tick, 100));
      // Within the minute this process wrote it, another request writes nothing.
      expect((await user(fresh.userId)).last_seen_at.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    });
  });

  describe('PATCH /v1/pro-users/{user_id}', () => {
    it('names: the user themself or a manager; another member is 403 with nothing changed; pro_user.updated tells the former values', async () => {
      const other = await t.join(owner, 'member');
      const self = await t.http().patch(`/v1/pro-users/${member.userId}`).set(member.auth).send({ first_name: 'Mia' }).expect(200);
      expect(self.body.data.first_name).toBe('Mia');
      const before = await snapshot();
      expectError(await t.http().patch(`/v1/pro-users/${other.userId}`).set(member.auth).send({ first_name: 'Nope' }), 403, 'forbidden');
      expect(await snapshot()).toEqual(before);
      await t.http().patch(`/v1/pro-users/${other.userId}`).set(admin.auth).send({ last_name: 'Adminset' }).expect(200);
      const [updated] = (await eventsOf(other.userId)).filter((event) => event.type === 'pro_user.updated');
      expect(updated).toMatchObject({ case_id: null, data: { previous_attributes: { last_name: null }, object: { last_name: 'Adminset' }, actor: { type: 'user', id: admin.userId } } });
      // No change, no event.
      await t.http().patch(`/v1/pro-users/${other.userId}`).set(admin.auth).send({ last_name: 'Adminset' }).expect(200);
      expect((await eventsOf(other.userId)).filter((event) => event.type === 'pro_user.updated')).toHaveLength(1);
    });

    it('roles: an owner sets any; an admin only between member and admin; a member none (403, nothing changed)', async () => {
      const subject = await t.join(owner, 'member');
      const before = await snapshot();
      expectError(await t.http().patch(`/v1/pro-users/${subject.userId}`).set(member.auth).send({ role: 'admin' }), 403, 'forbidden');
      expectError(await t.http().patch(`/v1/pro-users/${subject.userId}`).set(admin.auth).send({ role: 'owner' }), 403, 'forbidden');
      expectError(await t.http().patch(`/v1/pro-users/${owner.userId}`).set(admin.auth).send({ role: 'admin' }), 403, 'forbidden');
      expect(await snapshot()).toEqual(before);
      expect((await t.http().patch(`/v1/pro-users/${subject.userId}`).set(admin.auth).send({ role: 'admin' }).expect(200)).body.data.role).toBe('admin');
      expect((await t.http().patch(`/v1/pro-users/${subject.userId}`).set(admin.auth).send({ role: 'member' }).expect(200)).body.data.role).toBe('member');
      expect((await t.http().patch(`/v1/pro-users/${subject.userId}`).set(owner.auth).send({ role: 'owner' }).expect(200)).body.data.role).toBe('owner');
      // The principal carries the role: the new owner's next request already acts as one.
      expect((await t.http().get('/v1/me').set(subject.auth).expect(200)).body.data.org_role).toBe('owner');
      await t.http().patch(`/v1/pro-users/${subject.userId}`).set(owner.auth).send({ role: 'member' }).expect(200);
      expect((await t.http().get('/v1/me').set(subject.auth).expect(200)).body.data.org_role).toBe('member');
      expectError(await t.http().post('/v1/webhook-endpoints').set(subject.auth).send({ url: 'https://hooks.example.com/x', enabled_events: ['*'] }), 403, 'forbidden');
    });
  });

  describe('the last owner', () => {
    it('demoting or deactivating the last active owner is 409 last_owner; nothing changes', async () => {
      const solo = await t.invite();
      const helper = await t.join(solo, 'admin');
      expectError(await t.http().patch(`/v1/pro-users/${solo.userId}`).set(solo.auth).send({ role: 'admin' }), 409, 'last_owner');
      expectError(await t.http().post(`/v1/pro-users/${solo.userId}/deactivate`).set(solo.auth), 409, 'last_owner');
      expect(await user(solo.userId)).toMatchObject({ role: 'owner', status: 'active' });
      await t.http().get('/v1/me').set(solo.auth).expect(200);
      expect(helper.organizationId).toBe(solo.organizationId);
    });

    it('two concurrent demotions of the last two owners: exactly one succeeds, one owner stays', async () => {
      for (let round = 0; round < 3; round++) {
        const first = await t.invite();
        const second = await t.join(first, 'owner');
        const answers = await Promise.all([
          t.http().patch(`/v1/pro-users/${first.userId}`).set(first.auth).send({ role: 'admin' }),
          t.http().patch(`/v1/pro-users/${second.userId}`).set(first.auth).send({ role: 'admin' }),
        ]);
        expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
        expect(answers.find((res) => res.status === 409)?.body.error.code).toBe('last_owner');
        const owners = await t.sql<Row>(`select id from users where organization_id = $1 and role = 'owner' and status = 'active'`, [first.organizationId]);
        expect(owners).toHaveLength(1);
      }
    });
  });

  describe('POST /v1/pro-users/{user_id}/deactivate', () => {
    it('a member is 403; an admin deactivates: 200, tokens revoked and refused at once, pro_user.status_changed; DELETE is 405', async () => {
      const subject = await t.join(owner, 'member');
      await t.http().get('/v1/me').set(subject.auth).expect(200);
      await t.http().get('/v1/me').set(subject.auth).expect(200); // cached now
      const before = await snapshot();
      expectError(await t.http().post(`/v1/pro-users/${subject.userId}/deactivate`).set(member.auth), 403, 'forbidden');
      expectError(await t.http().post(`/v1/pro-users/${owner.userId}/deactivate`).set(admin.auth), 403, 'forbidden');
      expect(await snapshot()).toEqual(before);

      const res = await t.http().post(`/v1/pro-users/${subject.userId}/deactivate`).set(admin.auth).expect(200);
      expect(res.body.data).toMatchObject({ id: subject.userId, status: 'deactivated' });
      expectError(await t.http().get('/v1/me').set(subject.auth), 401, 'unauthorized');
      const tokens = await t.sql<Row>('select revoked_at from access_tokens where user_id = $1', [subject.userId]);
      expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);
      const [changed] = (await eventsOf(subject.userId)).filter((event) => event.type === 'pro_user.status_changed');
      expect(changed).toMatchObject({ case_id: null, data: { previous_attributes: { status: 'active' }, object: { status: 'deactivated' } } });
      // Again: nothing more to do.
      await t.http().post(`/v1/pro-users/${subject.userId}/deactivate`).set(owner.auth).expect(200);
      expectError(await t.http().post(`/v1/pro-users/${subject.userId}/deactivate`).set(stranger.auth), 404, 'not_found');
      const removed = await t.http().delete(`/v1/pro-users/${subject.userId}`).set(owner.auth);
      expectError(removed, 405, 'method_not_allowed');
      expect(await user(subject.userId)).toMatchObject({ status: 'deactivated' });
    });

    // In one jest process the local announcement reaches both apps; multi-process.e2e-spec.ts proves it across built processes (NOTIFY).
    it('a second app on the same database refuses the deactivated token at once as well', async () => {
      const subject = await t.join(owner, 'member');
      const other: NestExpressApplication = await createApp(
        loadAppConfig({ ...process.env, LOG_LEVEL: 'silent' }, { databaseUrl: t.databaseUrl, fieldEncryptionKey: t.config.fieldEncryptionKey, logLevel: 'silent', invitationRateLimit: 0 }),
      );
      await other.listen(0, '127.0.0.1');
      try {
        await request(other.getHttpServer()).get('/v1/me').set(subject.auth).expect(200);
        await request(other.getHttpServer()).get('/v1/me').set(subject.auth).expect(200);
        await t.http().post(`/v1/pro-users/${subject.userId}/deactivate`).set(owner.auth).expect(200);
        expect((await request(other.getHttpServer()).get('/v1/me').set(subject.auth)).status).toBe(401);
      } finally {
        await other.close();
      }
    });
  });

  describe('invitations (§13.4)', () => {
    const accept = (code: string) => t.http().post('/v1/invitations/accept').send({ code });
    const decline = (code: string) => t.http().post('/v1/invitations/decline').send({ code });

    it('accept without Authorization: 200 {user_id, organization_id, token}; the member is active and the token works; the code is used once', async () => {
      const invited = (await invite(owner, { email: address('accept'), role: 'admin' }).expect(201)).body.data;
      const res = await accept(invited.invitation_code).set('Idempotency-Key', 'same-key').expect(200);
      expect(res.body.data).toEqual({ user_id: invited.id, organization_id: owner.organizationId, token: expect.stringMatching(/^edk_/) });
      expect(await user(invited.id)).toMatchObject({ status: 'active', role: 'admin' });
      const me = await t.http().get('/v1/me').set('Authorization', `Bearer ${res.body.data.token}`).expect(200);
      expect(me.body.data).toEqual({ id: invited.id, email: invited.email, first_name: null, last_name: null, organization_id: owner.organizationId, org_role: 'admin', tier: 'enterprise' });
      const [used] = await t.sql<Row>('select used_at, outcome from invitations where user_id = $1', [invited.id]);
      expect(used).toMatchObject({ outcome: 'accepted', used_at: expect.any(Date) });
      const [changed] = (await eventsOf(invited.id)).filter((event) => event.type === 'pro_user.status_changed');
      expect(changed).toMatchObject({ case_id: null, data: { previous_attributes: { status: 'invited' }, object: { status: 'active' }, actor: { type: 'user', id: invited.id } } });
      // Used: 404 on both routes (the Idempotency-Key is ignored: no replay of the 200).
      expectError(await accept(invited.invitation_code).set('Idempotency-Key', 'same-key'), 404, 'not_found');
      expectError(await decline(invited.invitation_code), 404, 'not_found');
    });

    it('decline: 200, the invited member is deactivated, the code is used; the address may be invited again (the same user)', async () => {
      const email = address('decline');
      const invited = (await invite(owner, { email }).expect(201)).body.data;
      expect((await decline(invited.invitation_code).expect(200)).body.data).toEqual({ status: 'declined' });
      expect(await user(invited.id)).toMatchObject({ status: 'deactivated' });
      expectError(await accept(invited.invitation_code), 404, 'not_found');
      const again = (await invite(admin, { email }).expect(201)).body.data;
      expect(again).toMatchObject({ id: invited.id, status: 'invited' });
      await accept(again.invitation_code).expect(200);
    });

    it('unknown, malformed and expired codes are 404 not_found; nothing changes', async () => {
      const invited = (await invite(owner, { email: address('expired') }).expect(201)).body.data;
      await t.sql(`update invitations set expires_at = now() - interval '1 second' where user_id = $1`, [invited.id]);
      const before = await snapshot();
      for (const code of [invited.invitation_code, `inv_${'A'.repeat(43)}`, 'nonsense']) {
        expectError(await accept(code), 404, 'not_found');
        expectError(await decline(code), 404, 'not_found');
      }
      expect(await snapshot()).toEqual(before);
      expectError(await t.http().post('/v1/invitations/accept').send({}), 422, 'validation_error');
    });

    it('a code of a deactivated invitee no longer works', async () => {
      const invited = (await invite(owner, { email: address('voided') }).expect(201)).body.data;
      await t.http().post(`/v1/pro-users/${invited.id}/deactivate`).set(owner.auth).expect(200);
      expectError(await accept(invited.invitation_code), 404, 'not_found');
    });
  });

  describe('organization-level events (§14.3)', () => {
    it('are listed and read by owners and admins; a member sees only case events, and the others are 404', async () => {
      const invited = (await invite(owner, { email: address('events') }).expect(201)).body.data;
      const [created] = await t.sql<Row>(`select id from events where type = 'pro_user.created' and data->'object'->>'id' = $1`, [invited.id]);
      const caseId = (await t.http().post('/v1/cases').set(member.auth).send({}).expect(201)).body.data.id;
      for (const caller of [owner, admin]) {
        const listed = await t.http().get('/v1/events?type=pro_user.*&per_page=100').set(caller.auth).expect(200);
        expect((listed.body.data as Row[]).map((event) => event.id)).toContain(created.id);
        await t.http().get(`/v1/events/${created.id}`).set(caller.auth).expect(200);
      }
      const seen = (await t.http().get('/v1/events?per_page=100').set(member.auth).expect(200)).body.data as Row[];
      expect(seen.every((event) => event.case_id !== null)).toBe(true);
      expect(seen.map((event) => event.case_id)).toContain(caseId);
      expect((await t.http().get('/v1/events?type=pro_user.*').set(member.auth).expect(200)).body.data).toEqual([]);
      expectError(await t.http().get(`/v1/events/${created.id}`).set(member.auth), 404, 'not_found');
    });
  });

  describe('GET /v1/me', () => {
    it('tells each caller who it is', async () => {
      const me = await t.http().get('/v1/me').set(owner.auth).expect(200);
      expect(me.body.data).toMatchObject({ id: owner.userId, organization_id: owner.organizationId, org_role: 'owner', tier: 'enterprise', first_name: null, last_name: null });
      expect((await t.http().get('/v1/me').set(member.auth).expect(200)).body.data.org_role).toBe('member');
      expectError(await t.http().get('/v1/me'), 401, 'unauthorized');
    });
  });
});

describe('invitation routes: 10 requests a minute per client address (e2e, §13.4)', () => {
  let redis: PrivateRedis;
  let restoreEnv: () => void;
  let t: TestApp;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    restoreEnv = overrideEnv({ REDIS_URL: redis.url });
    t = await createTestApp({ invitationRateLimit: 10 });
  });
  afterAll(async () => {
    await t?.close();
    restoreEnv?.();
    await redis?.stop();
  });

  it('answers the first ten (accept and decline together), then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++) {
      const route = index % 2 === 0 ? 'accept' : 'decline';
      const res = await t.http().post(`/v1/invitations/${route}`).send({ code: `inv_${'B'.repeat(43)}` });
      statuses.push(res.status);
      expect(res.headers['x-ratelimit-limit']).toBe('10');
    }
    expect(statuses).toEqual(Array(10).fill(404));
    const limited = await t.http().post('/v1/invitations/accept').send({ code: `inv_${'B'.repeat(43)}` });
    expectError(limited, 429, 'rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Authenticated routes are not counted against it.
    const caller = await t.invite();
    await t.http().get('/v1/me').set(caller.auth).expect(200);
  });
});
