/**
 * Collaborators (issue 22, contract-extensions §13.1, §13.3, §13.4): access to a case by collaborator role, decided in
 * the kernel's case access check (viewer, editor, collaborator owner, member) on representative routes of each kind.
 */
import { createHash } from 'node:crypto';
import { EmailProvider } from '@estate/comms';
import { InvitationMailer } from '@estate/people';
import { detailFields, expectError } from './support/api-assertions';
import { upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Row = Record<string, any>;

describe('collaborators (e2e, contract-extensions §13.1, §13.3)', () => {
  let t: TestApp;
  let member: TestCaller;
  let stranger: TestCaller;
  let counter = 0;
  const address = (label: string) => `${label}-${++counter}-${Date.now()}@collab.example.test`;

  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = overrideEnv({ PROVIDER_PROCESSOR: 'off', EMAIL_FROM_ADDRESS: 'desk@estatedesk.example' });
    t = await createTestApp();
    member = await t.invite();
    stranger = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const base = (caseId: string) => `/v1/cases/${caseId}/collaborators`;
  const invite = (caller: TestCaller, caseId: string, body: object) => t.http().post(base(caseId)).set(caller.auth).send(body);
  const row = async (id: string) => (await t.sql<Row>('select * from collaborators where id = $1', [id]))[0];
  const eventsOf = (id: string) => t.sql<Row>(`select type, case_id, organization_id, data from events where data->'object'->>'id' = $1 order by id`, [id]);
  const accept = (code: string) => t.http().post('/v1/invitations/accept').send({ code });
  const decline = (code: string) => t.http().post('/v1/invitations/decline').send({ code });

  describe('POST …/collaborators (invite)', () => {
    it('a member invites: 201 with the code once, pending, 7 days, a hashed code, collaborator.created, the e-mail through the port', async () => {
      const caseId = await newCase();
      const email = address('Sam');
      const res = await invite(member, caseId, { email, role: 'editor', first_name: 'Sam', message: 'Please help.' }).expect(201);
      const data = res.body.data;
      expect(data).toEqual({
        id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        email: email.toLowerCase(),
        first_name: 'Sam',
        last_name: null,
        role: 'editor',
        status: 'pending',
        user_id: null,
        invited_by: member.userId,
        message: 'Please help.',
        invitation_expires_at: expect.any(String),
        accepted_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        invitation_code: expect.stringMatching(/^inv_[A-Za-z0-9_-]{43}$/),
      });
      const ttl = Date.parse(data.invitation_expires_at) - Date.parse(data.created_at);
      expect(ttl).toBe(604_800_000);
      const [invitation] = await t.sql<Row>(`select * from invitations where case_id = $1 and kind = 'collaborator'`, [caseId]);
      expect(invitation.code_hash).toBe(sha256(data.invitation_code));
      expect(JSON.stringify(invitation)).not.toContain(data.invitation_code);
      const read = await t.http().get(`${base(caseId)}/${data.id}`).set(member.auth).expect(200);
      expect(read.body.data.invitation_code).toBeUndefined();
      expect((await eventsOf(data.id)).map((event) => [event.type, event.case_id, event.organization_id])).toEqual([['collaborator.created', caseId, member.organizationId]]);
      expect((await eventsOf(data.id))[0].data.object.invitation_code).toBeUndefined();
      const simulator = t.app.get(EmailProvider) as unknown as { messages(): Array<{ to: string; body: string }> };
      expect(await t.app.get(InvitationMailer).processDue()).toBeGreaterThanOrEqual(1);
      expect(simulator.messages().find((message) => message.to === email.toLowerCase())?.body).toContain(data.invitation_code);
    });

    it('422 on a bad body, naming the fields', async () => {
      const caseId = await newCase();
      const res = await invite(member, caseId, { email: 'not-mail', role: 'boss', extra: 1 });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(expect.arrayContaining(['email', 'role', 'extra']));
      expect(detailFields(await invite(member, caseId, {}))).toEqual(expect.arrayContaining(['email', 'role']));
      expect(await t.sql('select id from collaborators where case_id = $1', [caseId])).toEqual([]);
    });

    it('409 already_invited: a member of the owning organization, or a live collaborator; not after declined or expired', async () => {
      const caseId = await newCase();
      const [own] = await t.sql<{ email: string }>('select email from users where id = $1', [member.userId]);
      expectError(await invite(member, caseId, { email: own.email, role: 'viewer' }), 409, 'already_invited');
      const email = address('Twice');
      const first = await invite(member, caseId, { email, role: 'viewer' }).expect(201);
      expectError(await invite(member, caseId, { email: email.toUpperCase(), role: 'editor' }), 409, 'already_invited');
      await decline(first.body.data.invitation_code).expect(200);
      const second = await invite(member, caseId, { email, role: 'editor' }).expect(201);
      await t.sql(`update collaborators set invitation_expires_at = now() - interval '1 second' where id = $1`, [second.body.data.id]);
      await invite(member, caseId, { email, role: 'owner' }).expect(201);
      // The same address on another case is not a conflict.
      await invite(member, await newCase(), { email, role: 'viewer' }).expect(201);
    });

    it('an Idempotency-Key replays the same answer, code included, and invites once', async () => {
      const caseId = await newCase();
      const body = { email: address('idem'), role: 'viewer' };
      const key = `collab-${Date.now()}`;
      const one = await t.http().post(base(caseId)).set(member.auth).set('Idempotency-Key', key).send(body).expect(201);
      const two = await t.http().post(base(caseId)).set(member.auth).set('Idempotency-Key', key).send(body).expect(201);
      expect(two.body).toEqual(one.body);
      expect(await t.sql('select id from collaborators where case_id = $1', [caseId])).toHaveLength(1);
    });
  });

  describe('accept, decline, expiry, resend', () => {
    it('accepting as an existing user grants the case (token null); the collaborator is accepted; status_changed', async () => {
      const caseId = await newCase();
      const outsider = await t.invite('pro');
      const [who] = await t.sql<{ email: string }>('select email from users where id = $1', [outsider.userId]);
      expectError(await t.http().get(`/v1/cases/${caseId}`).set(outsider.auth), 404, 'not_found');
      const created = (await invite(member, caseId, { email: who.email, role: 'viewer' }).expect(201)).body.data;
      const res = await accept(created.invitation_code).expect(200);
      expect(res.body.data).toEqual({ user_id: outsider.userId, organization_id: outsider.organizationId, token: null });
      expect(await row(created.id)).toMatchObject({ status: 'accepted', user_id: outsider.userId });
      await t.http().get(`/v1/cases/${caseId}`).set(outsider.auth).expect(200);
      const events = await eventsOf(created.id);
      expect(events.map((event) => event.type)).toEqual(['collaborator.created', 'collaborator.status_changed']);
      expect(events[1].data.previous_attributes).toMatchObject({ status: 'pending', user_id: null });
      // Used once.
      expectError(await accept(created.invitation_code), 404, 'not_found');
      expectError(await decline(created.invitation_code), 404, 'not_found');
    });

    it('accepting as a new address creates a guest with a token: /v1/me, its shared case, nothing else', async () => {
      const caseId = await newCase();
      const email = address('Guest');
      const created = (await invite(member, caseId, { email, role: 'editor', first_name: 'Gus' }).expect(201)).body.data;
      const res = await accept(created.invitation_code).expect(200);
      expect(res.body.data).toEqual({ user_id: expect.any(String), organization_id: null, token: expect.stringMatching(/^edk_/) });
      const guest = { Authorization: `Bearer ${res.body.data.token}` };
      const me = await t.http().get('/v1/me').set(guest).expect(200);
      expect(me.body.data).toEqual({ id: res.body.data.user_id, email: email.toLowerCase(), first_name: 'Gus', last_name: null, organization_id: null, org_role: null, tier: null });
      await t.http().get(`/v1/cases/${caseId}`).set(guest).expect(200);
      await t.http().patch(`/v1/cases/${caseId}`).set(guest).send({ flow_position: 'by-guest' }).expect(200);
      const list = await t.http().get('/v1/cases').set(guest).expect(200);
      expect(list.body.data.map((c: Row) => c.id)).toEqual([caseId]);
      expect((await t.http().get(`/v1/cases/${caseId}/events`).set(guest).expect(200)).body.data.length).toBeGreaterThan(0);
      expectError(await t.http().post('/v1/cases').set(guest).send({}), 403, 'forbidden');
      expectError(await t.http().get(`/v1/cases/${await newCase()}`).set(guest), 404, 'not_found');
      // A guest's Idempotency-Key is honoured (kept under the case's organization, as the guest's own).
      const person = { first_name: 'Gus', last_name: 'Guest', relationship: 'friend' };
      const first = await t.http().post(`/v1/cases/${caseId}/persons`).set(guest).set('Idempotency-Key', 'guest-key-1').send(person).expect(201);
      const again = await t.http().post(`/v1/cases/${caseId}/persons`).set(guest).set('Idempotency-Key', 'guest-key-1').send(person).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await t.sql('select count(*)::int as n from persons where case_id = $1', [caseId])).toEqual([{ n: 1 }]);
      // The same key of a member of the organization is the member's own.
      await t.http().post(`/v1/cases/${caseId}/persons`).set(member.auth).set('Idempotency-Key', 'guest-key-1').send({ ...person, first_name: 'Mia' }).expect(201);
      // The shipped probate reference data and forms are for every authenticated user, collaborators included.
      expect((await t.http().get('/v1/probate/forms/CA-DE-111').set(guest).expect(200)).body.data.id).toBe('CA-DE-111');
      await t.http().get('/v1/probate/states/CA/counties/06037').set(guest).expect(200);
      expectError(await t.http().get('/v1/webhook-endpoints').set(guest), 403, 'forbidden');
      expect(await t.sql('select organization_id, role, status from users where id = $1', [res.body.data.user_id])).toEqual([{ organization_id: null, role: null, status: 'active' }]);
    });

    it('declining: 200, the collaborator is declined (status_changed); the code is used up', async () => {
      const caseId = await newCase();
      const created = (await invite(member, caseId, { email: address('No'), role: 'viewer' }).expect(201)).body.data;
      expect((await decline(created.invitation_code).expect(200)).body.data).toEqual({ status: 'declined' });
      expect(await row(created.id)).toMatchObject({ status: 'declined', user_id: null });
      expect((await eventsOf(created.id)).map((event) => event.type)).toEqual(['collaborator.created', 'collaborator.status_changed']);
      expectError(await accept(created.invitation_code), 404, 'not_found');
    });

    it('an expired invitation reads expired (computed, filter status=expired), its code is 404; resend gives a new code and expiry', async () => {
      const caseId = await newCase();
      const created = (await invite(member, caseId, { email: address('Late'), role: 'viewer' }).expect(201)).body.data;
      await t.sql(`update collaborators set invitation_expires_at = now() - interval '1 second' where id = $1`, [created.id]);
      await t.sql(`update invitations set expires_at = now() - interval '1 second' where case_id = $1`, [caseId]);
      expect((await t.http().get(`${base(caseId)}/${created.id}`).set(member.auth).expect(200)).body.data.status).toBe('expired');
      expect((await t.http().get(`${base(caseId)}?status=expired`).set(member.auth).expect(200)).body.data.map((c: Row) => c.id)).toEqual([created.id]);
      expect((await t.http().get(`${base(caseId)}?status=pending`).set(member.auth).expect(200)).body.data).toEqual([]);
      expectError(await accept(created.invitation_code), 404, 'not_found');
      const resent = await t.http().post(`${base(caseId)}/${created.id}/resend`).set(member.auth).expect(200);
      expect(resent.body.data.status).toBe('pending');
      expect(resent.body.data.invitation_code).toMatch(/^inv_/);
      expect(resent.body.data.invitation_code).not.toBe(created.invitation_code);
      expect(Date.parse(resent.body.data.invitation_expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      // It reads expired, then pending again: a status move as the client sees it.
      expect((await eventsOf(created.id)).map((event) => event.type)).toEqual(['collaborator.created', 'collaborator.status_changed']);
      await accept(resent.body.data.invitation_code).expect(200);
    });

    it('resend of a pending one replaces its code (the old one stops working); accepted or declined → 409 invalid_state', async () => {
      const caseId = await newCase();
      const created = (await invite(member, caseId, { email: address('Again'), role: 'viewer' }).expect(201)).body.data;
      const resent = (await t.http().post(`${base(caseId)}/${created.id}/resend`).set(member.auth).expect(200)).body.data;
      expectError(await accept(created.invitation_code), 404, 'not_found');
      await decline(resent.invitation_code).expect(200);
      const refused = await t.http().post(`${base(caseId)}/${created.id}/resend`).set(member.auth);
      expectError(refused, 409, 'invalid_state');
      expect(detailFields(refused)).toEqual(['status']);
      expectError(await t.http().post(`${base(caseId)}/01BX5ZZKBKACTAV9WEVGEMMVRZ/resend`).set(member.auth), 404, 'not_found');
      expectError(await t.http().post(`${base(caseId)}/${created.id}/resend`).set(stranger.auth), 404, 'not_found');
    });
  });

  describe('PATCH and DELETE', () => {
    it('PATCH changes the role only (422 for anything else); the collaborator\'s next request has the new role', async () => {
      const caseId = await newCase();
      const user = await seatCollaborator(caseId, 'editor');
      await t.http().patch(`/v1/cases/${caseId}`).set(user.auth).send({ flow_position: 'one' }).expect(200);
      const [seat] = await t.sql<Row>('select id from collaborators where user_id = $1', [user.userId]);
      const bad = await t.http().patch(`${base(caseId)}/${seat.id}`).set(member.auth).send({ email: 'x@y.example', role: 'viewer' });
      expectError(bad, 422, 'validation_error');
      expect(detailFields(bad)).toEqual(['email']);
      const res = await t.http().patch(`${base(caseId)}/${seat.id}`).set(member.auth).send({ role: 'viewer' }).expect(200);
      expect(res.body.data.role).toBe('viewer');
      expectError(await t.http().patch(`/v1/cases/${caseId}`).set(user.auth).send({ flow_position: 'two' }), 403, 'forbidden');
      expect((await eventsOf(seat.id)).map((event) => event.type)).toEqual(['collaborator.updated']);
    });

    it('DELETE → 204, collaborator.deleted, and the removed collaborator is refused at once', async () => {
      const caseId = await newCase();
      const user = await seatCollaborator(caseId, 'owner');
      await t.http().get(`/v1/cases/${caseId}`).set(user.auth).expect(200);
      const [seat] = await t.sql<Row>('select id from collaborators where user_id = $1', [user.userId]);
      await t.http().delete(`${base(caseId)}/${seat.id}`).set(member.auth).expect(204);
      expectError(await t.http().get(`/v1/cases/${caseId}`).set(user.auth), 404, 'not_found');
      expect(await row(seat.id)).toBeUndefined();
      expect((await eventsOf(seat.id)).map((event) => event.type)).toEqual(['collaborator.deleted']);
    });

    it('removing a pending collaborator voids its code', async () => {
      const caseId = await newCase();
      const created = (await invite(member, caseId, { email: address('Gone'), role: 'viewer' }).expect(201)).body.data;
      await t.http().delete(`${base(caseId)}/${created.id}`).set(member.auth).expect(204);
      expectError(await accept(created.invitation_code), 404, 'not_found');
    });
  });

  describe('who manages collaborators', () => {
    it('members and collaborator owners write; editors and viewers get 403 with nothing changed; every role reads', async () => {
      const caseId = await newCase();
      const viewer = await seatCollaborator(caseId, 'viewer');
      const editor = await seatCollaborator(caseId, 'editor');
      const owner = await seatCollaborator(caseId, 'owner');
      const target = (await invite(member, caseId, { email: address('target'), role: 'viewer' }).expect(201)).body.data;
      const before = await t.sql('select * from collaborators where case_id = $1 order by id', [caseId]);
      for (const caller of [viewer, editor]) {
        expectError(await invite(caller, caseId, { email: address('no'), role: 'viewer' }), 403, 'forbidden');
        expectError(await t.http().patch(`${base(caseId)}/${target.id}`).set(caller.auth).send({ role: 'owner' }), 403, 'forbidden');
        expectError(await t.http().delete(`${base(caseId)}/${target.id}`).set(caller.auth), 403, 'forbidden');
        expectError(await t.http().post(`${base(caseId)}/${target.id}/resend`).set(caller.auth), 403, 'forbidden');
      }
      expect(await t.sql('select * from collaborators where case_id = $1 order by id', [caseId])).toEqual(before);
      for (const caller of [viewer, editor, owner, member]) {
        expect((await t.http().get(base(caseId)).set(caller.auth).expect(200)).body.data.length).toBe(4);
        await t.http().get(`${base(caseId)}/${target.id}`).set(caller.auth).expect(200);
      }
      const byOwner = (await invite(owner, caseId, { email: address('by-owner'), role: 'editor' }).expect(201)).body.data;
      expect(byOwner.invited_by).toBe(owner.userId);
      await t.http().patch(`${base(caseId)}/${target.id}`).set(owner.auth).send({ role: 'editor' }).expect(200);
      await t.http().post(`${base(caseId)}/${byOwner.id}/resend`).set(owner.auth).expect(200);
      await t.http().delete(`${base(caseId)}/${target.id}`).set(owner.auth).expect(204);
    });
  });

  const newCase = async (caller: TestCaller = member) => (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id as string;

  /** An accepted collaborator of the case with this role, seeded as acceptance leaves it (before its first request). */
  async function seatCollaborator(caseId: string, role: 'owner' | 'editor' | 'viewer', user?: TestCaller): Promise<TestCaller> {
    const caller = user ?? (await t.invite('pro'));
    const [who] = await t.sql<{ email: string }>('select email from users where id = $1', [caller.userId]);
    await t.sql(
      `insert into collaborators (id, case_id, organization_id, email, role, status, user_id, invited_by, invitation_expires_at, accepted_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'accepted', $6, $7, now() + interval '7 days', now(), now(), now())`,
      [`01J${String(++counter).padStart(23, '0')}`, caseId, member.organizationId, who.email, role, caller.userId, member.userId],
    );
    return caller;
  }

  describe('§13.1 access by role', () => {
    let caseId: string;
    let personId: string;
    let documentId: string;
    let viewer: TestCaller;
    let editor: TestCaller;
    let owner: TestCaller;

    beforeAll(async () => {
      caseId = await newCase();
      personId = (await t.http().post(`/v1/cases/${caseId}/persons`).set(member.auth).send({ first_name: 'Pat', last_name: 'Heir', relationship: 'friend' }).expect(201)).body.data.id;
      documentId = (await upload(t, member, caseId).expect(201)).body.data.id;
      viewer = await seatCollaborator(caseId, 'viewer');
      editor = await seatCollaborator(caseId, 'editor');
      owner = await seatCollaborator(caseId, 'owner');
    });

    const person = () => t.sql<Row>('select first_name, updated_at from persons where id = $1', [personId]);

    it('every role reads the case and its records; a collaborator of another case does not', async () => {
      for (const caller of [viewer, editor, owner, member]) {
        await t.http().get(`/v1/cases/${caseId}`).set(caller.auth).expect(200);
        await t.http().get(`/v1/cases/${caseId}/persons/${personId}`).set(caller.auth).expect(200);
        await t.http().get(`/v1/cases/${caseId}/persons`).set(caller.auth).expect(200);
      }
      const other = await newCase();
      expectError(await t.http().get(`/v1/cases/${other}`).set(viewer.auth), 404, 'not_found');
      expectError(await t.http().get(`/v1/cases/${other}/persons`).set(editor.auth), 404, 'not_found');
    });

    it('a viewer writes nothing (403, nothing changed), but may ask for a document download link', async () => {
      const before = await person();
      expectError(await t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(viewer.auth).send({ first_name: 'Nope' }), 403, 'forbidden');
      expectError(await t.http().post(`/v1/cases/${caseId}/persons`).set(viewer.auth).send({ first_name: 'New' }), 403, 'forbidden');
      expectError(await t.http().delete(`/v1/cases/${caseId}/persons/${personId}`).set(viewer.auth), 403, 'forbidden');
      expectError(await t.http().patch(`/v1/cases/${caseId}`).set(viewer.auth).send({ progress: 'probate' }), 403, 'forbidden');
      expectError(await t.http().delete(`/v1/cases/${caseId}`).set(viewer.auth), 403, 'forbidden');
      // Refused before validation: an invalid body is still 403.
      expectError(await t.http().post(`/v1/cases/${caseId}/persons`).set(viewer.auth).send({ first_name: 42 }), 403, 'forbidden');
      expect(await person()).toEqual(before);
      const link = await t.http().post(`/v1/cases/${caseId}/documents/${documentId}/download-links`).set(viewer.auth).send({}).expect(201);
      expect(link.body.data.url).toEqual(expect.any(String));
    });

    it('an editor writes records and the case, but may not delete the case', async () => {
      await t.http().patch(`/v1/cases/${caseId}/persons/${personId}`).set(editor.auth).send({ first_name: 'Edited' }).expect(200);
      expect((await person())[0].first_name).toBe('Edited');
      await t.http().patch(`/v1/cases/${caseId}`).set(editor.auth).send({ flow_position: 'editor-was-here' }).expect(200);
      const created = await t.http().post(`/v1/cases/${caseId}/persons`).set(editor.auth).send({ first_name: 'By', last_name: 'Editor', relationship: 'friend' }).expect(201);
      await t.http().delete(`/v1/cases/${caseId}/persons/${created.body.data.id}`).set(editor.auth).expect(204);
      expectError(await t.http().delete(`/v1/cases/${caseId}`).set(editor.auth), 403, 'forbidden');
      expect((await t.sql('select deleted_at from cases where id = $1', [caseId]))[0].deleted_at).toBeNull();
    });

    it('a collaborator owner may not delete the case either; a member may', async () => {
      expectError(await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth), 403, 'forbidden');
      const disposable = await newCase();
      await t.http().delete(`/v1/cases/${disposable}`).set(member.auth).expect(204);
    });

    it('the case events written by a collaborator are the case organization\'s', async () => {
      const rows = await t.sql<Row>(`select organization_id from events where case_id = $1 and type = 'person.updated'`, [caseId]);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.organization_id))).toEqual(new Set([member.organizationId]));
    });

    it('GET /v1/cases lists the organization\'s cases and those shared, filter access', async () => {
      const own = await newCase(editor);
      const listed = (await t.http().get('/v1/cases?per_page=100').set(editor.auth).expect(200)).body;
      const all = listed.data.map((c: Row) => c.id);
      expect(all).toEqual(expect.arrayContaining([caseId, own]));
      // The total counts the organization's live cases and the shared ones, each once.
      expect(listed.meta.total_count).toBe(all.length);
      expect((await t.http().get('/v1/cases?per_page=1').set(editor.auth).expect(200)).body.meta.total_count).toBe(all.length);
      const shared = (await t.http().get('/v1/cases?access=collaborator').set(editor.auth).expect(200)).body;
      expect(shared.data.map((c: Row) => c.id)).toEqual([caseId]);
      expect(shared.meta.total_count).toBe(1);
      const memberList = (await t.http().get('/v1/cases?access=member').set(editor.auth).expect(200)).body;
      expect(memberList.data.map((c: Row) => c.id)).toEqual([own]);
      expect(memberList.meta.total_count).toBe(1);
      expect((await t.http().get('/v1/cases?access=collaborator').set(stranger.auth).expect(200)).body.data).toEqual([]);
      expectError(await t.http().get('/v1/cases?access=guest').set(editor.auth), 400, 'bad_request');
      // A member of the owning organization sees its case as a member (the member's own list is unchanged).
      expect((await t.http().get('/v1/cases?access=member&per_page=100').set(member.auth).expect(200)).body.data.map((c: Row) => c.id)).toContain(caseId);
    });

    it('a stranger keeps today\'s answers (404 here), and collaborators of a deleted case lose it', async () => {
      expectError(await t.http().get(`/v1/cases/${caseId}`).set(stranger.auth), 404, 'not_found');
      const doomed = await newCase();
      const guest = await seatCollaborator(doomed, 'owner');
      await t.http().get(`/v1/cases/${doomed}`).set(guest.auth).expect(200);
      await t.http().delete(`/v1/cases/${doomed}`).set(member.auth).expect(204);
      expectError(await t.http().get(`/v1/cases/${doomed}`).set(guest.auth), 404, 'not_found');
    });
  });

  it('a pending collaborator reaches nothing', async () => {
    const caseId = await newCase();
    const pending = await t.invite('pro');
    await seatCollaborator(caseId, 'editor', pending);
    await t.sql(`update collaborators set status = 'pending' where user_id = $1`, [pending.userId]);
    expectError(await t.http().get(`/v1/cases/${caseId}`).set(pending.auth), 404, 'not_found');
  });

  it('a guest has a window of its own, of the Pro size, keyed by the user (the inviting organization\'s is untouched)', async () => {
    const small = await createTestApp({ rateLimits: { pro: 3, enterprise: 1000 } });
    try {
      const host = await small.invite('enterprise');
      const caseId = (await small.http().post('/v1/cases').set(host.auth).send({}).expect(201)).body.data.id;
      const code = (await small.http().post(`/v1/cases/${caseId}/collaborators`).set(host.auth).send({ email: address('window'), role: 'viewer' }).expect(201)).body.data.invitation_code;
      const token = (await small.http().post('/v1/invitations/accept').send({ code }).expect(200)).body.data.token;
      const guest = { Authorization: `Bearer ${token}` };
      for (let n = 0; n < 3; n++) {
        const res = await small.http().get(`/v1/cases/${caseId}`).set(guest).expect(200);
        expect(res.headers['ratelimit-limit'] ?? res.headers['x-ratelimit-limit']).toBe('3');
      }
      expectError(await small.http().get(`/v1/cases/${caseId}`).set(guest), 429, 'rate_limit_exceeded');
      await small.http().get(`/v1/cases/${caseId}`).set(host.auth).expect(200);
    } finally {
      await small.close();
    }
  });
});

