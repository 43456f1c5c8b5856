/**
 * Collaborators (issue 22, contract-extensions §13.1, §13.3, §13.4): access to a case by collaborator role, decided in
 * the kernel's case access check (viewer, editor, collaborator owner, member) on representative routes of each kind.
 */
import { expectError } from './support/api-assertions';
import { upload } from './support/document-files';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

type Row = Record<string, any>;

describe('collaborators (e2e, contract-extensions §13.1, §13.3)', () => {
  let t: TestApp;
  let member: TestCaller;
  let stranger: TestCaller;
  let counter = 0;
  const address = (label: string) => `${label}-${++counter}-${Date.now()}@collab.example.test`;

  beforeAll(async () => {
    t = await createTestApp();
    member = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

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
      const all = (await t.http().get('/v1/cases?per_page=100').set(editor.auth).expect(200)).body.data.map((c: Row) => c.id);
      expect(all).toEqual(expect.arrayContaining([caseId, own]));
      const shared = (await t.http().get('/v1/cases?access=collaborator').set(editor.auth).expect(200)).body;
      expect(shared.data.map((c: Row) => c.id)).toEqual([caseId]);
      expect(shared.meta.total_count).toBe(1);
      const mine = (await t.http().get('/v1/cases?access=member').set(editor.auth).expect(200)).body.data.map((c: Row) => c.id);
      expect(mine).toEqual([own]);
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
});
