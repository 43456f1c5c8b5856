import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { created, newBankAccount, newCase } from './support/assets-holdings-fixtures';

describe('signers of a bank account (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  async function place(): Promise<{ caseId: string; accountId: string; base: string }> {
    const caseId = await newCase(t, owner);
    const accountId = await newBankAccount(t, owner, caseId);
    return { caseId, accountId, base: `/v1/cases/${caseId}/bank-accounts/${accountId}/signers` };
  }

  const primaryHolders = async (accountId: string) =>
    (await t.sql<{ id: string }>("select id from signers where bank_account_id = $1 and role = 'primary_holder' order by id", [accountId])).map((row) => row.id);

  describe('at most one primary_holder per account', () => {
    it('refuses a second primary_holder on create (422 on role, naming the holder), not on another account; nothing written', async () => {
      const { caseId, accountId, base } = await place();
      const first = await created(t, owner, base, { name: 'Margaret Okafor', role: 'primary_holder', is_deceased: true });
      const second = await t.http().post(base).set(owner.auth).send({ name: 'Grace Okafor', role: 'primary_holder' });
      expectError(second, 422, 'validation_error');
      expect(detailReasons(second)).toEqual([['role', 'conflict']]);
      expect(second.body.error.details[0].message).toContain(first.id);
      expect(await primaryHolders(accountId)).toEqual([first.id]);
      expect((await t.sql('select id from signers where bank_account_id = $1', [accountId])).length).toBe(1);

      // Another account of the same case has a primary holder of its own; other roles are not limited.
      const other = await newBankAccount(t, owner, caseId);
      await created(t, owner, `/v1/cases/${caseId}/bank-accounts/${other}/signers`, { name: 'Grace Okafor', role: 'primary_holder' });
      await created(t, owner, base, { name: 'Grace Okafor', role: 'joint_holder' });
      await created(t, owner, base, { name: 'Daniel Okafor', role: 'joint_holder' });
    });

    it('applies to PATCH: a second holder is 422 (row unchanged); the holder itself may be patched; the role can move', async () => {
      const { accountId, base } = await place();
      const holder = await created(t, owner, base, { name: 'Margaret Okafor', role: 'primary_holder' });
      const joint = await created(t, owner, base, { name: 'Grace Okafor', role: 'joint_holder' });
      const [before] = await t.sql('select * from signers where id = $1', [joint.id]);

      const refused = await t.http().patch(`${base}/${joint.id}`).set(owner.auth).send({ role: 'primary_holder' });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([['role', 'conflict']]);
      expect(refused.body.error.details[0].message).toContain(holder.id);
      expect((await t.sql('select * from signers where id = $1', [joint.id]))[0]).toEqual(before);

      // The holder's own record does not count against itself.
      const renamed = await t.http().patch(`${base}/${holder.id}`).set(owner.auth).send({ role: 'primary_holder', name: 'Margaret A. Okafor' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({ role: 'primary_holder', name: 'Margaret A. Okafor' });

      await t.http().patch(`${base}/${holder.id}`).set(owner.auth).send({ role: 'joint_holder' }).expect(200);
      await t.http().patch(`${base}/${joint.id}`).set(owner.auth).send({ role: 'primary_holder' }).expect(200);
      expect(await primaryHolders(accountId)).toEqual([joint.id]);
    });

    it('holds under concurrency: two simultaneous creates of a primary_holder give exactly one 201 and one 422', async () => {
      for (let round = 0; round < 6; round++) {
        const { accountId, base } = await place();
        const post = (name: string) => t.http().post(base).set(owner.auth).send({ name, role: 'primary_holder' });
        const answers = await Promise.all([post('Margaret Okafor'), post('Grace Okafor')]);
        expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
        const refused = answers.find((res) => res.status === 422)!;
        expect(detailReasons(refused)).toEqual([['role', 'conflict']]);
        const winner = answers.find((res) => res.status === 201)!;
        expect(await primaryHolders(accountId)).toEqual([winner.body.data.id]);
      }
    });

    it('holds for a create racing a patch to primary_holder', async () => {
      for (let round = 0; round < 4; round++) {
        const { accountId, base } = await place();
        const joint = await created(t, owner, base, { name: 'Grace Okafor', role: 'joint_holder' });
        const answers = await Promise.all([
          t.http().post(base).set(owner.auth).send({ name: 'Margaret Okafor', role: 'primary_holder' }),
          t.http().patch(`${base}/${joint.id}`).set(owner.auth).send({ role: 'primary_holder' }),
        ]);
        // Whichever runs second under the case lock is refused.
        expect(answers.filter((res) => res.status === 422)).toHaveLength(1);
        expect(answers.filter((res) => res.status === 201 || res.status === 200)).toHaveLength(1);
        expect((await primaryHolders(accountId)).length).toBe(1);
      }
    });
  });

  describe('person_id', () => {
    it('names a Person of the same case (else 422 on person_id, nothing written); deleting the person clears it', async () => {
      const { caseId, base } = await place();
      const person = await created(t, owner, `/v1/cases/${caseId}/persons`, { first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' });
      const otherCase = await newCase(t, owner);
      const outsider = await created(t, owner, `/v1/cases/${otherCase}/persons`, { first_name: 'Ada', last_name: 'Obi', relationship: 'niece' });

      const signer = await created(t, owner, base, { name: 'Grace Okafor', role: 'joint_holder', person_id: person.id });
      expect(signer.person_id).toBe(person.id);

      const count = (await t.sql('select id from signers')).length;
      const foreign = await t.http().post(base).set(owner.auth).send({ name: 'Ada Obi', role: 'joint_holder', person_id: outsider.id });
      expectError(foreign, 422, 'validation_error');
      expect(detailReasons(foreign)).toEqual([['person_id', 'rule']]);
      const patched = await t.http().patch(`${base}/${signer.id}`).set(owner.auth).send({ person_id: outsider.id });
      expectError(patched, 422, 'validation_error');
      expect(detailFields(patched)).toEqual(['person_id']);
      expect((await t.sql('select id from signers')).length).toBe(count);

      await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).expect(204);
      const read = await t.http().get(`${base}/${signer.id}`).set(owner.auth).expect(200);
      expect(read.body.data.person_id).toBeNull();
    });
  });

  describe('events, idempotency, other organizations', () => {
    it('appends signer.created, signer.updated and signer.deleted with the record', async () => {
      const { caseId, base } = await place();
      const signer = await created(t, owner, base, { name: 'Grace Okafor', role: 'custodian' });
      await t.http().patch(`${base}/${signer.id}`).set(owner.auth).send({ notes: 'Custodian for the minor heir.' }).expect(200);
      await t.http().delete(`${base}/${signer.id}`).set(owner.auth).expect(204);
      const events = await t.sql<{ type: string; role: string; notes: string | null }>(
        "select type, data->'object'->>'role' as role, data->'object'->>'notes' as notes from events where case_id = $1 and type like 'signer.%' order by id",
        [caseId],
      );
      expect(events).toEqual([
        { type: 'signer.created', role: 'custodian', notes: null },
        { type: 'signer.updated', role: 'custodian', notes: 'Custodian for the minor heir.' },
        { type: 'signer.deleted', role: 'custodian', notes: 'Custodian for the minor heir.' },
      ]);
      const listed = await t.http().get(`/v1/events?case_id=${caseId}&type=signer.created`).set(owner.auth).expect(200);
      expect(listed.body.data.map((event: { data: { object: { id: string } } }) => event.data.object.id)).toEqual([signer.id]);
    });

    it('replays a retried create with the same Idempotency-Key (one row); 409 for another body', async () => {
      const { accountId, base } = await place();
      const key = `signer-${Date.now()}`;
      const body = { name: 'Margaret Okafor', role: 'primary_holder' };
      const first = await t.http().post(base).set(owner.auth).set('Idempotency-Key', key).send(body).expect(201);
      const again = await t.http().post(base).set(owner.auth).set('Idempotency-Key', key).send(body).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data).toEqual(first.body.data);
      expectError(await t.http().post(base).set(owner.auth).set('Idempotency-Key', key).send({ ...body, name: 'Other' }), 409, 'idempotency_conflict');
      expect(await primaryHolders(accountId)).toEqual([first.body.data.id]);
    });

    it("another organization's case: 404 on create, read, patch and delete; nothing changed", async () => {
      const { accountId, base } = await place();
      const signer = await created(t, owner, base, { name: 'Margaret Okafor', role: 'primary_holder' });
      const before = await t.sql('select * from signers where bank_account_id = $1', [accountId]);
      expectError(await t.http().post(base).set(stranger.auth).send({ name: 'Mallory', role: 'primary_holder' }), 404, 'not_found');
      expectError(await t.http().get(`${base}/${signer.id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().patch(`${base}/${signer.id}`).set(stranger.auth).send({ role: 'joint_holder' }), 404, 'not_found');
      expectError(await t.http().delete(`${base}/${signer.id}`).set(stranger.auth), 404, 'not_found');
      expect(await t.sql('select * from signers where bank_account_id = $1', [accountId])).toEqual(before);
    });

    it('goes with its bank account when the account is deleted', async () => {
      const { accountId, base } = await place();
      await created(t, owner, base, { name: 'Margaret Okafor', role: 'primary_holder' });
      await t.http().delete(base.replace(/\/signers$/, '')).set(owner.auth).expect(204);
      expect(await t.sql('select id from signers where bank_account_id = $1', [accountId])).toEqual([]);
    });
  });
});
