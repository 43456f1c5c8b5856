import { bankAccountBeneficiaryResource } from '@estate/assets';
import { representationOf } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { created, ids, newBankAccount, newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { ACCOUNT_KINDS, newRecordOf } from './support/account-fixtures';

/** The representation, with the `account_id` its declaration computes presented after `id` (from the column of its kind). */
const [ID, ...REST] = representationOf(bankAccountBeneficiaryResource);
const FIELDS = [ID, 'account_id', ...REST.filter((field) => field !== 'account_id')];

const ADDRESS = { address1: '88 Lake Shore Drive', address2: 'Apt 12', city: 'Chicago', state: 'IL', zip: '60611' };

/** The two routes of one resource (contract-extensions §12.2): below a bank account and below a financial account. */
const KINDS = [
  { accounts: 'bank-accounts', newAccount: newBankAccount },
  {
    accounts: 'financial-accounts',
    newAccount: async (t: TestApp, caller: TestCaller, caseId: string) => (await newRecordOf(t, caller, caseId, ACCOUNT_KINDS.financial_account)).id,
  },
] as const;

describe('account beneficiaries (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  async function placeOf(kind: (typeof KINDS)[number], caseId?: string): Promise<{ caseId: string; accountId: string; base: string }> {
    const inCase = caseId ?? (await newCase(t, owner));
    const accountId = await kind.newAccount(t, owner, inCase);
    return { caseId: inCase, accountId, base: `/v1/cases/${inCase}/${kind.accounts}/${accountId}/beneficiaries` };
  }

  const rowsOf = (accountId: string) =>
    t.sql<{ id: string; percentage_share: string; designation: string; status: string }>(
      'select id, percentage_share, designation, status from account_beneficiaries where bank_account_id = $1 or financial_account_id = $1 order by id',
      [accountId],
    );

  const roomLeft = (left: string, designation: string, asked: string) =>
    `percentage_share ${asked} is more than is left: ${left} of 100.00 is left for ${designation} beneficiaries of this account`;

  for (const kind of KINDS) {
    describe(`the share rule, below ${kind.accounts}`, () => {
      it('per designation the shares add up to at most 100.00: the create that goes over is 422 on percentage_share saying the room left; nothing written', async () => {
        const { caseId, base, accountId } = await placeOf(kind);
        await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 40 });
        await created(t, owner, base, { name: 'Daniel Okafor', percentage_share: 25, designation: 'primary' });
        const before = await rowsOf(accountId);

        const over = await t.http().post(base).set(owner.auth).send({ name: 'Ada Obi', percentage_share: 40 });
        expectError(over, 422, 'validation_error');
        expect(over.body.error.details).toEqual([{ field: 'percentage_share', message: roomLeft('35.00', 'primary', '40.00'), reason: 'rule' }]);
        expect(await rowsOf(accountId)).toEqual(before);

        // Exactly the room left fits (33.33 + 1.67 in hundredths, no float drift); then nothing is left.
        await created(t, owner, base, { name: 'Ada Obi', percentage_share: 33.33 });
        await created(t, owner, base, { name: 'Chidi Obi', percentage_share: 1.67 });
        const full = await t.http().post(base).set(owner.auth).send({ name: 'Eze Obi', percentage_share: 0.01 });
        expectError(full, 422, 'validation_error');
        expect(full.body.error.details[0].message).toBe(roomLeft('0.00', 'primary', '0.01'));
        // A share of 0 never goes over.
        await created(t, owner, base, { name: 'Eze Obi', percentage_share: 0 });

        // Contingent beneficiaries have their own 100.00; another account of the case its own shares.
        await created(t, owner, base, { name: 'Ngozi Obi', percentage_share: 100, designation: 'contingent' });
        const contingentOver = await t.http().post(base).set(owner.auth).send({ name: 'Uche Obi', percentage_share: 0.5, designation: 'contingent' });
        expect(contingentOver.body.error.details[0].message).toBe(roomLeft('0.00', 'contingent', '0.50'));
        const other = await placeOf(kind, caseId);
        await created(t, owner, other.base, { name: 'Grace Okafor', percentage_share: 100 });
        expect((await rowsOf(accountId)).map((row) => row.percentage_share).sort()).toEqual(['0.00', '1.67', '100.00', '25.00', '33.33', '40.00']);
      });

      it('applies to PATCH on the merged record, leaving the record itself out; a designation move counts in its new group; row unchanged when refused', async () => {
        const { base } = await placeOf(kind);
        const grace = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 60 });
        await created(t, owner, base, { name: 'Daniel Okafor', percentage_share: 40 });
        const contingent = await created(t, owner, base, { name: 'Ada Obi', percentage_share: 70, designation: 'contingent' });
        const [before] = await t.sql('select * from account_beneficiaries where id = $1', [grace.id]);

        const raised = await t.http().patch(`${base}/${grace.id}`).set(owner.auth).send({ percentage_share: 60.01 });
        expectError(raised, 422, 'validation_error');
        expect(raised.body.error.details).toEqual([{ field: 'percentage_share', message: roomLeft('60.00', 'primary', '60.01'), reason: 'rule' }]);
        expect((await t.sql('select * from account_beneficiaries where id = $1', [grace.id]))[0]).toEqual(before);

        // Its own share does not count against it: the same share, or less, is fine.
        await t.http().patch(`${base}/${grace.id}`).set(owner.auth).send({ percentage_share: 60, notes: 'Confirmed.' }).expect(200);
        // Moving 60 into the contingent group, which has 30 left: refused on percentage_share, saying the contingent room.
        const moved = await t.http().patch(`${base}/${grace.id}`).set(owner.auth).send({ designation: 'contingent' });
        expect(detailReasons(moved)).toEqual([['percentage_share', 'rule']]);
        expect(moved.body.error.details[0].message).toBe(roomLeft('30.00', 'contingent', '60.00'));
        await t.http().patch(`${base}/${grace.id}`).set(owner.auth).send({ designation: 'contingent', percentage_share: 30 }).expect(200);
        await t.http().patch(`${base}/${contingent.id}`).set(owner.auth).send({ percentage_share: 70.01 }).expect(422);
      });

      it('a disclaimed beneficiary holds no share: it may be added to a full group, and coming back is checked like a create', async () => {
        const { base, accountId } = await placeOf(kind);
        const grace = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 60 });
        const daniel = await created(t, owner, base, { name: 'Daniel Okafor', percentage_share: 40 });
        const disclaimed = await created(t, owner, base, { name: 'Ada Obi', percentage_share: 50, status: 'disclaimed' });

        const back = await t.http().patch(`${base}/${disclaimed.id}`).set(owner.auth).send({ status: 'active' });
        expectError(back, 422, 'validation_error');
        expect(back.body.error.details[0]).toEqual({ field: 'percentage_share', message: roomLeft('0.00', 'primary', '50.00'), reason: 'rule' });
        expect((await rowsOf(accountId)).find((row) => row.id === disclaimed.id)?.status).toBe('disclaimed');

        // Once Daniel disclaims, his 40 is free: Ada may come back with at most that.
        await t.http().patch(`${base}/${daniel.id}`).set(owner.auth).send({ status: 'disclaimed' }).expect(200);
        const stillOver = await t.http().patch(`${base}/${disclaimed.id}`).set(owner.auth).send({ status: 'pending_verification' });
        expect(stillOver.body.error.details[0].message).toBe(roomLeft('40.00', 'primary', '50.00'));
        await t.http().patch(`${base}/${disclaimed.id}`).set(owner.auth).send({ status: 'claimed', percentage_share: 40 }).expect(200);
        // `claimed` and `pending_verification` count like `active`.
        expect((await t.http().post(base).set(owner.auth).send({ name: 'Chidi Obi', percentage_share: 1, status: 'pending_verification' })).status).toBe(422);
        expect((await rowsOf(accountId)).find((row) => row.id === grace.id)?.percentage_share).toBe('60.00');
      });

      it('holds under concurrency: two simultaneous creates that fit only one at a time give one 201 and one 422', async () => {
        for (let round = 0; round < 6; round++) {
          const { base, accountId } = await placeOf(kind);
          const post = (name: string) => t.http().post(base).set(owner.auth).send({ name, percentage_share: 60 });
          const answers = await Promise.all([post('Grace Okafor'), post('Daniel Okafor')]);
          expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
          const refused = answers.find((res) => res.status === 422)!;
          expect(refused.body.error.details).toEqual([{ field: 'percentage_share', message: roomLeft('40.00', 'primary', '60.00'), reason: 'rule' }]);
          const winner = answers.find((res) => res.status === 201)!;
          expect((await rowsOf(accountId)).map((row) => row.id)).toEqual([winner.body.data.id]);
        }
      });

      it('holds for a create racing a patch that raises a share', async () => {
        for (let round = 0; round < 4; round++) {
          const { base, accountId } = await placeOf(kind);
          const grace = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 50 });
          const answers = await Promise.all([
            t.http().post(base).set(owner.auth).send({ name: 'Daniel Okafor', percentage_share: 40 }),
            t.http().patch(`${base}/${grace.id}`).set(owner.auth).send({ percentage_share: 70 }),
          ]);
          // Whichever runs second under the case lock is refused.
          expect(answers.filter((res) => res.status === 422)).toHaveLength(1);
          expect(answers.filter((res) => res.status === 201 || res.status === 200)).toHaveLength(1);
          const total = (await rowsOf(accountId)).reduce((sum, row) => sum + Math.round(Number(row.percentage_share) * 100), 0);
          // Daniel's 40 beside Grace's 50, or Grace's 70 alone: never both.
          expect([9000, 7000]).toContain(total);
        }
      });
    });
  }

  describe('the record', () => {
    it('shows account_id; a beneficiary of one account is 404 below another account of the case, of either kind', async () => {
      const caseId = await newCase(t, owner);
      const bank = await placeOf(KINDS[0], caseId);
      const financial = await placeOf(KINDS[1], caseId);
      const otherBank = await placeOf(KINDS[0], caseId);
      const onBank = await created(t, owner, bank.base, { name: 'Grace Okafor', percentage_share: 100, designation_type: 'pod' });
      const onFinancial = await created(t, owner, financial.base, { name: 'Grace Okafor', percentage_share: 100, designation_type: 'tod' });
      expect(onBank.account_id).toBe(bank.accountId);
      expect(onFinancial.account_id).toBe(financial.accountId);
      expect(Object.keys(onBank)).toEqual(FIELDS);

      for (const [base, id] of [
        [otherBank.base, onBank.id],
        [financial.base, onBank.id],
        [bank.base, onFinancial.id],
        [`/v1/cases/${caseId}/financial-accounts/${bank.accountId}/beneficiaries`, onBank.id],
      ]) {
        expectError(await t.http().get(`${base}/${id}`).set(owner.auth), 404, 'not_found');
        expectError(await t.http().patch(`${base}/${id}`).set(owner.auth).send({ notes: 'x' }), 404, 'not_found');
        expectError(await t.http().delete(`${base}/${id}`).set(owner.auth), 404, 'not_found');
      }
      expect(ids(await t.http().get(bank.base).set(owner.auth).expect(200))).toEqual([onBank.id]);
      expect(ids(await t.http().get(financial.base).set(owner.auth).expect(200))).toEqual([onFinancial.id]);
      expect(ids(await t.http().get(otherBank.base).set(owner.auth).expect(200))).toEqual([]);
      expect((await t.sql('select notes from account_beneficiaries where id in ($1, $2)', [onBank.id, onFinancial.id])).map((row) => row.notes)).toEqual([null, null]);
    });

    it('person_id names a Person of the same case (else 422 on person_id, nothing written); deleting the person clears it', async () => {
      const { caseId, base, accountId } = await placeOf(KINDS[1]);
      const person = await created(t, owner, `/v1/cases/${caseId}/persons`, { first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' });
      const otherCase = await newCase(t, owner);
      const outsider = await created(t, owner, `/v1/cases/${otherCase}/persons`, { first_name: 'Ada', last_name: 'Obi', relationship: 'niece' });

      const beneficiary = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 50, person_id: person.id });
      expect(beneficiary.person_id).toBe(person.id);
      const foreign = await t.http().post(base).set(owner.auth).send({ name: 'Ada Obi', percentage_share: 10, person_id: outsider.id });
      expectError(foreign, 422, 'validation_error');
      expect(foreign.body.error.details).toEqual([{ field: 'person_id', message: 'person_id must name a person of this case, or be null', reason: 'rule' }]);
      const patched = await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send({ person_id: outsider.id });
      expect(detailFields(patched)).toEqual(['person_id']);
      expect((await rowsOf(accountId)).map((row) => row.id)).toEqual([beneficiary.id]);

      // Both problems of one write are told together.
      const both = await t.http().post(base).set(owner.auth).send({ name: 'Ada Obi', percentage_share: 51, person_id: outsider.id });
      expect(detailReasons(both)).toEqual([['person_id', 'rule'], ['percentage_share', 'rule']]);

      await t.http().delete(`/v1/cases/${caseId}/persons/${person.id}`).set(owner.auth).expect(204);
      expect((await t.http().get(`${base}/${beneficiary.id}`).set(owner.auth).expect(200)).body.data.person_id).toBeNull();
    });

    it('contact_info: validated, merged field by field by a PATCH, checked whole after the merge, cleared by null', async () => {
      const { base } = await placeOf(KINDS[0]);
      const beneficiary = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 50, contact_info: { email: 'grace@example.com', address: ADDRESS } });
      expect(beneficiary.contact_info).toEqual({ email: 'grace@example.com', phone: null, address: ADDRESS });

      const merged = await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send({ contact_info: { phone: '+1 312 555 0100', address: { city: 'Evanston', zip: '60201' } } });
      expect(merged.status).toBe(200);
      expect(merged.body.data.contact_info).toEqual({ email: 'grace@example.com', phone: '+1 312 555 0100', address: { ...ADDRESS, city: 'Evanston', zip: '60201' } });

      const [before] = await t.sql('select * from account_beneficiaries where id = $1', [beneficiary.id]);
      const lost = await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send({ contact_info: { address: { city: null } } });
      expectError(lost, 422, 'validation_error');
      expect(detailFields(lost)).toEqual(['contact_info.address.city']);
      const badEmail = await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send({ contact_info: { email: 'grace@' } });
      expect(detailFields(badEmail)).toEqual(['contact_info.email']);
      expect((await t.sql('select * from account_beneficiaries where id = $1', [beneficiary.id]))[0]).toEqual(before);

      const cleared = await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send({ contact_info: null });
      expect(cleared.body.data.contact_info).toBeNull();
    });

    it('appends account_beneficiary.created, .updated (status moves too) and .deleted for both kinds, with account_id', async () => {
      const caseId = await newCase(t, owner);
      const bank = await placeOf(KINDS[0], caseId);
      const financial = await placeOf(KINDS[1], caseId);
      for (const { base } of [bank, financial]) {
        const beneficiary = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 100 });
        await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send({ status: 'claimed' }).expect(200);
        await t.http().delete(`${base}/${beneficiary.id}`).set(owner.auth).expect(204);
      }
      const events = await t.sql<{ type: string; account: string; status: string; previous: Record<string, unknown> | null }>(
        `select type, data->'object'->>'account_id' as account, data->'object'->>'status' as status, data->'previous_attributes' as previous
           from events where case_id = $1 and type like 'account_beneficiary.%' order by id`,
        [caseId],
      );
      const told = (account: string) => [
        { type: 'account_beneficiary.created', account, status: 'active', previous: null },
        { type: 'account_beneficiary.updated', account, status: 'claimed', previous: { status: 'active' } },
        { type: 'account_beneficiary.deleted', account, status: 'claimed', previous: null },
      ];
      expect(events).toEqual([...told(bank.accountId), ...told(financial.accountId)]);
      const listed = await t.http().get(`/v1/events?case_id=${caseId}&type=account_beneficiary.created`).set(owner.auth).expect(200);
      expect(listed.body.data.map((event: { data: { object: { account_id: string } } }) => event.data.object.account_id).sort()).toEqual(
        [bank.accountId, financial.accountId].sort(),
      );
    });

    it('goes with its account when the account is deleted, for both kinds', async () => {
      for (const kind of KINDS) {
        const { caseId, accountId, base } = await placeOf(kind);
        await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 100 });
        await t.http().delete(`/v1/cases/${caseId}/${kind.accounts}/${accountId}`).set(owner.auth).expect(204);
        expect(await rowsOf(accountId)).toEqual([]);
        expectError(await t.http().get(base).set(owner.auth), 404, 'not_found');
      }
    });

    // The refusals the generated contract (test/contracts/assets) does not make: a share's range and decimals, a
    // person_id that is no id or names no person, the nested contact_info's lines and unknown fields.
    it('422 on the field for what the kinds of its fields leave to it, on create and patch; nothing written', async () => {
      for (const kind of KINDS) {
        const { base, accountId } = await placeOf(kind);
        const invalidCreates: Array<[Record<string, unknown>, string, string?]> = [
          [{ percentage_share: 100.01 }, 'percentage_share', 'range'],
          [{ percentage_share: -1 }, 'percentage_share', 'range'],
          [{ percentage_share: 12.345 }, 'percentage_share'],
          [{ person_id: UNKNOWN_ID }, 'person_id', 'rule'],
          [{ person_id: 'someone' }, 'person_id'],
          [{ contact_info: { email: 'not-an-address' } }, 'contact_info.email'],
          [{ contact_info: { address: { address1: '1 Main St', city: 'Chicago', state: 'Illinois', zip: '60611' } } }, 'contact_info.address.state'],
          [{ contact_info: { fax: '+1 312 555 0100' } }, 'contact_info.fax', 'unknown_field'],
        ];
        for (const [fields, field, reason] of invalidCreates) {
          const res = await t.http().post(base).set(owner.auth).send({ name: 'A', percentage_share: 10, ...fields });
          expectError(res, 422, 'validation_error');
          expect(detailFields(res)).toEqual([field]);
          if (reason) expect(detailReasons(res)).toEqual([[field, reason]]);
        }
        expect(await rowsOf(accountId)).toEqual([]);

        const beneficiary = await created(t, owner, base, { name: 'Grace Okafor', percentage_share: 10 });
        const [before] = await t.sql('select * from account_beneficiaries where id = $1', [beneficiary.id]);
        for (const [patch, field] of [
          [{ percentage_share: 101 }, 'percentage_share'],
          [{ contact_info: { address: { zip: 'ABCDE' } } }, 'contact_info.address.zip'],
        ] as const) {
          const res = await t.http().patch(`${base}/${beneficiary.id}`).set(owner.auth).send(patch);
          expectError(res, 422, 'validation_error');
          expect(detailFields(res)).toEqual([field]);
        }
        expect((await t.sql('select * from account_beneficiaries where id = $1', [beneficiary.id]))[0]).toEqual(before);
      }
    });
  });
});
