import * as ical from 'node-ical';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

const UNKNOWN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

function daysFromToday(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * Probate deadlines (`#14`), the deadline generator and the `.ics` feed (issue 9): completion, overdue as read, the
 * generator's rules and the feed. What every resource promises is the generated contract's (test/contracts/court).
 */
describe('probate deadlines (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller = owner, body: Record<string, unknown> = {}): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data.id;
  }
  const newCaseOf = newCase;

  async function createDeadline(caseId: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await t.http().post(`/v1/cases/${caseId}/probate/deadlines`).set(owner.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data;
  }

  describe('#14 and the status as read', () => {
    it('#14: setting completed_date completes; clearing it reopens; waiving clears it; rescheduling moves due_date', async () => {
      const caseId = await newCase();
      const deadline = await createDeadline(caseId, { title: 'Hearing', type: 'hearing', due_date: daysFromToday(10), reminder_days_before: 3 });
      const url = `/v1/cases/${caseId}/probate/deadlines/${deadline.id}`;

      const moved = await t.http().patch(url).set(owner.auth).send({ due_date: daysFromToday(20) });
      expect(moved.body.data).toMatchObject({ due_date: daysFromToday(20), status: 'upcoming' });

      const done = await t.http().patch(url).set(owner.auth).send({ completed_date: daysFromToday(0) });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ status: 'completed', completed_date: daysFromToday(0) });

      const reopened = await t.http().patch(url).set(owner.auth).send({ completed_date: null });
      expect(reopened.body.data).toMatchObject({ status: 'upcoming', completed_date: null });

      const byStatus = await t.http().patch(url).set(owner.auth).send({ status: 'completed' });
      expect(byStatus.body.data).toMatchObject({ status: 'completed', completed_date: daysFromToday(0) });

      const waived = await t.http().patch(url).set(owner.auth).send({ status: 'waived' });
      expect(waived.body.data).toMatchObject({ status: 'waived', completed_date: null });

      const contradiction = await t.http().patch(url).set(owner.auth).send({ status: 'waived', completed_date: daysFromToday(0) });
      expectError(contradiction, 422, 'validation_error');
      expect(detailFields(contradiction)).toEqual(['completed_date']);

      const stale = await t.http().patch(url).set(owner.auth).set('If-Match', deadline.id).send({ title: 'x' });
      expectError(stale, 412, 'precondition_failed');
      const current = await t.http().get(url).set(owner.auth);
      const matched = await t.http().patch(url).set(owner.auth).set('If-Match', current.headers.etag).send({ title: 'Hearing on the petition' });
      expect(matched.status).toBe(200);
    });

    it('reads an open deadline past its due date as overdue, filters on the status as read, and sorts by due_date', async () => {
      const caseId = await newCase();
      const late = await createDeadline(caseId, { title: 'Late', type: 'filing', due_date: daysFromToday(-2) });
      const soon = await createDeadline(caseId, { title: 'Soon', type: 'filing', due_date: daysFromToday(5) });
      const done = await createDeadline(caseId, { title: 'Done late', type: 'accounting', due_date: daysFromToday(-9), completed_date: daysFromToday(-10) });
      const waived = await createDeadline(caseId, { title: 'Waived', type: 'bond_renewal', due_date: daysFromToday(-1), status: 'waived' });
      const today = await createDeadline(caseId, { title: 'Today', type: 'other', due_date: daysFromToday(0) });
      expect(late.status).toBe('overdue');
      expect(soon.status).toBe('upcoming');
      expect(done.status).toBe('completed');
      expect(waived.status).toBe('waived');
      expect(today.status).toBe('upcoming');

      const ids = async (query: string) =>
        ((await t.http().get(`/v1/cases/${caseId}/probate/deadlines?${query}`).set(owner.auth)).body.data as any[]).map((d) => d.title);
      expect(await ids('status=overdue')).toEqual(['Late']);
      expect((await ids('status=upcoming&sort_by=due_date&sort_order=asc'))).toEqual(['Today', 'Soon']);
      expect(await ids('status=completed&status=waived&sort_by=due_date&sort_order=asc')).toEqual(['Done late', 'Waived']);
      expect(await ids('type=filing&sort_by=due_date&sort_order=desc')).toEqual(['Soon', 'Late']);
      expect(await ids('sort_by=due_date&sort_order=asc')).toEqual(['Done late', 'Late', 'Waived', 'Today', 'Soon']);
      const counted = await t.http().get(`/v1/cases/${caseId}/probate/deadlines?status=overdue&per_page=1`).set(owner.auth);
      expect(counted.body.meta).toMatchObject({ total_count: 1, total_pages: 1 });
      expectError(await t.http().get(`/v1/cases/${caseId}/probate/deadlines?status=late`).set(owner.auth), 400, 'bad_request');
      expectError(await t.http().get(`/v1/cases/${caseId}/probate/deadlines?sort_by=title`).set(owner.auth), 400, 'bad_request');

      // Reopening an overdue deadline by writing `overdue` keeps it open; it reads overdue again.
      const url = `/v1/cases/${caseId}/probate/deadlines/${done.id}`;
      const reopened = await t.http().patch(url).set(owner.auth).send({ status: 'overdue' });
      expect(reopened.body.data).toMatchObject({ status: 'overdue', completed_date: null });
    });

    it('answers 404 on its own routes (the generator, the .ics feed) for a foreign or unknown case', async () => {
      const foreign = await newCase(stranger);
      for (const caseId of [foreign, UNKNOWN_ID]) {
        expectError(await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth), 404, 'not_found');
        expectError(
          await t.http().post(`/v1/cases/${caseId}/probate/deadlines/generate`).set(owner.auth).send({ appointment_date: '2026-10-01', date_of_death: '2026-09-01' }),
          404,
          'not_found',
        );
      }
    });
  });

  describe('POST …/probate/deadlines/generate', () => {
    const generate = (caseId: string, body: Record<string, unknown>) => t.http().post(`/v1/cases/${caseId}/probate/deadlines/generate`).set(owner.auth).send(body);
    const addPerson = async (caseId: string, body: Record<string, unknown>) =>
      (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ last_name: 'Okafor', relationship: 'relative', ...body }).expect(201)).body.data;
    /** A case whose estate files Form 706 whatever its assets: a spouse survives, to elect portability. */
    const newCase = async (caller: TestCaller = owner, body: Record<string, unknown> = {}): Promise<string> => {
      const caseId = await newCaseOf(caller, body);
      await addPerson(caseId, { first_name: 'Samuel', kinship: 'spouse' });
      return caseId;
    };

    it('generates the standard deadlines from the jurisdiction rules, each with its rule, rolled off weekends and holidays', async () => {
      const caseId = await newCase();
      // Death on Friday 2026-03-13: Form 706 nine months on is Sunday 2026-12-13 → Monday 2026-12-14. Appointment and
      // letters 2026-04-02 (CA): inventory and claim period 4 months after letters, Sunday 2026-08-02 → Monday
      // 2026-08-03. The one-year bar, Saturday 2027-03-13 → Monday 2027-03-15. April 15 of 2027 is a Thursday.
      const res = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', letters_issued_date: '2026-04-02', state: 'CA' });
      expect(res.status).toBe(200);
      const byKey = Object.fromEntries((res.body.data as any[]).map((d) => [d.rule.key, d]));
      expect(Object.keys(byKey).sort()).toEqual(['creditor_claim_bar', 'creditor_claim_period', 'final_form_1040', 'form_1041', 'form_706', 'inventory']);
      expect(res.body.meta.skipped).toEqual([]);
      expect(byKey.form_706).toMatchObject({ type: 'tax_return', due_date: '2026-12-14', status: 'upcoming' });
      expect(byKey.form_706.rule).toMatchObject({ citation: '26 U.S.C. §6075(a)', source: 'federal', computed_date: '2026-12-13' });
      expect(byKey.final_form_1040).toMatchObject({ type: 'tax_return', due_date: '2027-04-15' });
      expect(byKey.form_1041).toMatchObject({ type: 'tax_return', due_date: '2027-04-15' });
      expect(byKey.inventory).toMatchObject({ type: 'inventory', due_date: '2026-08-03' });
      expect(byKey.inventory.rule).toMatchObject({ citation: expect.stringContaining('§8800'), source: 'state', from: 'letters_issued' });
      expect(byKey.inventory.description).toContain('§8800');
      // California's own bar (one year after death, Code Civ. Proc. §366.2) gives the UPC's date under its own citation.
      expect(byKey.creditor_claim_bar).toMatchObject({ type: 'creditor_notice', due_date: '2027-03-15', title: 'Creditor claims barred 12 months after death' });
      expect(byKey.creditor_claim_bar.rule).toMatchObject({ citation: expect.stringContaining('§366.2'), source: 'state' });
      expect(res.body.data.map((d: any) => d.due_date)).toEqual([...res.body.data.map((d: any) => d.due_date)].sort());
    });

    it('uses each state’s inventory rule, the UPC otherwise, and adds the claim period only with a first publication', async () => {
      const cases: Array<[string | undefined, string]> = [
        ['TX', '2026-07-01'], // 90 days after qualification on 2026-04-02 (before the 91st day), a Wednesday
        ['FL', '2026-06-01'], // 60 days after letters: Monday 2026-06-01
        ['NY', '2027-01-04'], // 9 months after letters: Saturday 2027-01-02 → Monday 2027-01-04
        [undefined, '2026-07-02'], // UPC §3-706: 3 months after appointment, Thursday
        ['WY', '2026-07-02'], // a state without a recorded rule: the UPC's
      ];
      for (const [state, due] of cases) {
        const caseId = await newCase();
        // Letters issued on the day of the appointment.
        const res = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', letters_issued_date: '2026-04-02', ...(state ? { state } : {}) });
        expect(res.status).toBe(200);
        const inventory = (res.body.data as any[]).find((d) => d.type === 'inventory');
        expect([state, inventory.due_date]).toEqual([state, due]);
      }
      const caseId = await newCase();
      const published = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', first_publication_date: '2026-04-20' });
      const period = (published.body.data as any[]).find((d) => d.rule.key === 'creditor_claim_period');
      // 4 months after 2026-04-20 is Thursday 2026-08-20 (UPC §3-801).
      expect(period).toMatchObject({ type: 'creditor_notice', due_date: '2026-08-20' });
      expect(period.rule.citation).toContain('§3-801');
    });

    it('says so when a date follows the Uniform Probate Code instead of the state’s law, and reminds 14 days ahead by default', async () => {
      // Pennsylvania has no rule of its own recorded for these three deadlines.
      const caseId = await newCase();
      const res = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', state: 'PA', first_publication_date: '2026-04-20' });
      expect(res.status).toBe(200);
      const byKey = Object.fromEntries((res.body.data as any[]).map((d) => [d.rule.key, d]));
      for (const key of ['inventory', 'creditor_claim_period', 'creditor_claim_bar']) {
        expect([key, byKey[key].rule.source]).toEqual([key, 'upc_default']);
        expect(byKey[key].description).toContain("This date follows the Uniform Probate Code's default rule, not a rule of Pennsylvania's own law");
      }
      expect(byKey.creditor_claim_period.description).toContain('within 4 months after the first publication');
      expect(byKey.form_706.rule.source).toBe('federal');
      expect(byKey.form_706.description).not.toContain('Uniform Probate Code');
      expect((res.body.data as any[]).map((d) => d.reminder_days_before)).toEqual(Array(6).fill(14));

      // Illinois's own rules: claims 6 months after publication, barred 2 years after death, read from the statutes.
      const illinois = await generate(await newCase(), { date_of_death: '2026-03-13', appointment_date: '2026-04-02', state: 'IL', first_publication_date: '2026-04-20' });
      const illinoisByKey = Object.fromEntries((illinois.body.data as any[]).map((d) => [d.rule.key, d]));
      expect(illinoisByKey.creditor_claim_period).toMatchObject({ due_date: '2026-10-20', rule: { source: 'state', citation: '755 ILCS 5/18-3(a)' } });
      expect(illinoisByKey.creditor_claim_bar).toMatchObject({ due_date: '2028-03-13', title: 'Creditor claims barred 24 months after death', rule: { source: 'state' } });
      // (Form 706 here elects portability: its late-election period, from a summary of Rev. Proc. 2022-32, says so.)
      for (const deadline of (illinois.body.data as any[]).filter((d) => d.rule.key !== 'form_706')) expect(deadline.description).not.toMatch(/Uniform Probate Code's default|published summary/);
      // A state's rule taken from a summary of its statute says so (Alaska's claim period).
      const alaska = await generate(await newCase(), { date_of_death: '2026-03-13', appointment_date: '2026-04-02', state: 'AK', first_publication_date: '2026-04-20' });
      const alaskaPeriod = (alaska.body.data as any[]).find((d) => d.rule.key === 'creditor_claim_period');
      expect(alaskaPeriod.rule.source).toBe('state');
      expect(alaskaPeriod.description).toContain('comes from a published summary of Alaska Stat. § 13.16.460');

      const california = await generate(await newCase(), { date_of_death: '2026-03-13', appointment_date: '2026-04-02', letters_issued_date: '2026-04-02', state: 'CA' });
      const inventory = (california.body.data as any[]).find((d) => d.rule.key === 'inventory');
      expect(inventory.rule.source).toBe('state');
      expect(inventory.description).not.toContain('Uniform Probate Code');
      const noState = await generate(await newCase(), { date_of_death: '2026-03-13', appointment_date: '2026-04-02' });
      expect((noState.body.data as any[]).find((d) => d.rule.key === 'inventory').description).toContain("No state was given: this date follows the Uniform Probate Code's default rule.");

      // The reminder is the .ics alarm: every open generated deadline carries one, 14 days ahead.
      const feed = await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth);
      const events = Object.values(ical.sync.parseICS(feed.text)).filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT');
      expect(events).toHaveLength(6);
      expect(events.every((event) => ((event as any).alarms ?? []).length === 1)).toBe(true);
      expect(feed.text.match(/TRIGGER:-P14D/g)).toHaveLength(6);
      expect(feed.text).toContain("Pennsylvania's own law");

      // A user's choice survives generating again.
      await t.http().patch(`/v1/cases/${caseId}/probate/deadlines/${byKey.inventory.id}`).set(owner.auth).send({ reminder_days_before: 3 }).expect(200);
      const again = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-09', state: 'PA', first_publication_date: '2026-04-20' });
      expect((again.body.data as any[]).find((d) => d.rule.key === 'inventory').reminder_days_before).toBe(3);
    });

    it('counts a state’s own rule from its own start: California’s claim period from the letters (body, else executor), else named in meta.skipped', async () => {
      // No letters known: California's inventory and claim period wait for them — a publication makes no UPC period.
      const waiting = await newCase();
      const early = await generate(waiting, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', first_publication_date: '2026-04-20', state: 'CA' });
      expect(early.status).toBe(200);
      expect((early.body.data as any[]).map((d) => d.rule.key).sort()).toEqual(['creditor_claim_bar', 'final_form_1040', 'form_1041', 'form_706']);
      expect(early.body.meta).toMatchObject({ page: 1, total_count: 4, has_more: false });
      expect(early.body.meta.skipped).toEqual([
        {
          key: 'creditor_claim_period',
          type: 'creditor_notice',
          title: 'Creditor claim period ends',
          reason: 'start_date_unknown',
          needs: 'letters_issued_date',
          rule: { citation: 'Cal. Prob. Code §9100(a)', source: 'state', from: 'letters_issued' },
          message: expect.stringContaining('send letters_issued_date'),
        },
        expect.objectContaining({ key: 'inventory', type: 'inventory', needs: 'letters_issued_date', rule: { citation: 'Cal. Prob. Code §8800(b)', source: 'state', from: 'letters_issued' } }),
      ]);
      expect(early.body.meta.skipped[0].message).not.toMatch(/contract|§3\.2/);

      // The executor's letters date stands in for the body's: 4 months after 2026-04-09 is Sunday 2026-08-09 → Monday.
      const caseId = await newCase();
      await t.http().put(`/v1/cases/${caseId}/executor`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', role: 'executor', appointment_date: '2026-04-02', letters_issued_date: '2026-04-09' }).expect(201);
      const fromExecutor = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', first_publication_date: '2026-04-20', state: 'CA' });
      expect(fromExecutor.body.meta.skipped).toEqual([]);
      const period = (fromExecutor.body.data as any[]).find((d) => d.rule.key === 'creditor_claim_period');
      expect(period).toMatchObject({
        type: 'creditor_notice',
        due_date: '2026-08-10',
        rule: { citation: 'Cal. Prob. Code §9100(a)', source: 'state', from: 'letters_issued', from_date: '2026-04-09', computed_date: '2026-08-09' },
      });
      expect(period.description).toContain('within 4 months after the issue of letters to the personal representative');
      expect(period.description).not.toContain('Uniform Probate Code');
      // The body's letters date wins, and moves the generated deadline: 2026-04-16 + 4 months is Sunday 2026-08-16 → Monday.
      const fromBody = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', letters_issued_date: '2026-04-16', state: 'CA' });
      expect((fromBody.body.data as any[]).find((d) => d.rule.key === 'creditor_claim_period')).toMatchObject({ id: period.id, due_date: '2026-08-17', rule: { from_date: '2026-04-16' } });

      // Letters issue on or after the appointment; a malformed date is refused like any other.
      const before = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', letters_issued_date: '2026-04-01', state: 'CA' });
      expectError(before, 422, 'validation_error');
      expect(detailFields(before)).toEqual(['letters_issued_date']);
      expect(detailFields(await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', letters_issued_date: '2026-02-30' }))).toEqual(['letters_issued_date']);
    });

    it('creates no duplicates when run twice, and reschedules the generated deadlines that are not completed when inputs change', async () => {
      const caseId = await newCase();
      const first = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02' });
      const again = await generate(caseId, { date_of_death: '2026-03-13', appointment_date: '2026-04-02' });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      const count = await t.sql<{ n: string }>('select count(*) as n from probate_deadlines where case_id = $1', [caseId]);
      expect(Number(count[0].n)).toBe(5);

      const form706 = first.body.data.find((d: any) => d.rule.key === 'form_706');
      await t.http().patch(`/v1/cases/${caseId}/probate/deadlines/${form706.id}`).set(owner.auth).send({ completed_date: '2026-11-30' }).expect(200);
      const changed = await generate(caseId, { date_of_death: '2026-03-20', appointment_date: '2026-05-04', letters_issued_date: '2026-05-04', state: 'FL' });
      const byKey = Object.fromEntries((changed.body.data as any[]).map((d) => [d.rule.key, d]));
      expect(changed.body.data).toHaveLength(5);
      expect(byKey.form_706).toMatchObject({ id: form706.id, due_date: form706.due_date, status: 'completed' });
      // 60 days after 2026-05-04 is Friday 2026-07-03, the observed Independence Day → Monday 2026-07-06.
      expect(byKey.inventory).toMatchObject({ due_date: '2026-07-06' });
      expect(byKey.inventory.rule.citation).toContain('5.340');
      expect(byKey.inventory.id).toBe(first.body.data.find((d: any) => d.rule.key === 'inventory').id);
    });

    it('defaults date_of_death to the deceased’s and validates the body', async () => {
      const caseId = await newCase(owner, { deceased: { first_name: 'Ada', last_name: 'Byron', date_of_death: '2026-03-13' } });
      const res = await generate(caseId, { appointment_date: '2026-04-02' });
      expect(res.status).toBe(200);
      expect(res.body.data.find((d: any) => d.rule.key === 'form_706').due_date).toBe('2026-12-14');

      const bare = await newCase();
      const noDeath = await generate(bare, { appointment_date: '2026-04-02' });
      expectError(noDeath, 422, 'validation_error');
      expect(detailFields(noDeath)).toEqual(['date_of_death']);
      const bad = await generate(bare, { date_of_death: '2026-13-01', state: 'ca', extra: true });
      expectError(bad, 422, 'validation_error');
      expect(detailFields(bad).sort()).toEqual(['appointment_date', 'date_of_death', 'extra', 'state']);
      const unknownState = await generate(bare, { date_of_death: '2026-03-13', appointment_date: '2026-04-02', state: 'ZZ' });
      expectError(unknownState, 422, 'validation_error');
      expect(detailFields(unknownState)).toEqual(['state']);
      const early = await generate(bare, { date_of_death: '2026-03-13', appointment_date: '2026-03-01' });
      expect(detailFields(early)).toEqual(['appointment_date']);
    });

    it('accepts dates from 1800-01-01 to 2199-12-31 only, and every deadline computed from them is served (issue 18: 9999-12-31 was a 500)', async () => {
      const caseId = await newCase();
      const farFuture = await generate(caseId, { appointment_date: '9999-12-31', date_of_death: '9999-12-01' });
      expectError(farFuture, 422, 'validation_error');
      expect(detailFields(farFuture).sort()).toEqual(['appointment_date', 'date_of_death']);
      expect(farFuture.body.error.details[0].message).toContain('from 1800-01-01 to 2199-12-31');
      for (const [date_of_death, appointment_date] of [['1799-12-31', '1800-01-02'], ['2199-12-31', '2200-01-01']]) {
        expectError(await generate(caseId, { date_of_death, appointment_date }), 422, 'validation_error');
      }

      const latest = await generate(caseId, { date_of_death: '2199-12-30', appointment_date: '2199-12-31', first_publication_date: '2199-12-31', state: 'CA' });
      expect(latest.status).toBe(200);
      expect((latest.body.data as Array<{ due_date: string }>).every((deadline) => /^22\d\d-\d\d-\d\d$/.test(deadline.due_date))).toBe(true);
      const earliest = await generate(caseId, { date_of_death: '1800-01-01', appointment_date: '1800-01-01', first_publication_date: '1800-01-01' });
      expect(earliest.status).toBe(200);
      expect((earliest.body.data as Array<{ due_date: string }>).every((deadline) => /^180\d-\d\d-\d\d$/.test(deadline.due_date))).toBe(true);

      // A hand-entered deadline, and a date in a query, obey the same range.
      const manual = await t.http().post(`/v1/cases/${caseId}/probate/deadlines`).set(owner.auth).send({ title: 'Far', type: 'other', due_date: '9999-12-31' });
      expectError(manual, 422, 'validation_error');
      expect(detailFields(manual)).toEqual(['due_date']);
      expectError(await t.http().get(`/v1/cases/${caseId}/inventory?as_of=9999-12-31`).set(owner.auth), 400, 'bad_request');
      expect((await t.http().get(`/v1/cases/${caseId}/inventory?as_of=2199-12-31`).set(owner.auth)).status).toBe(200);
    });
  });

  describe('the returns due at death (contract-extensions §17.2)', () => {
    const generate = (caseId: string, body: Record<string, unknown>) => t.http().post(`/v1/cases/${caseId}/probate/deadlines/generate`).set(owner.auth).send(body);
    const addPerson = async (caseId: string, body: Record<string, unknown>) =>
      (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ last_name: 'Okafor', relationship: 'relative', ...body }).expect(201)).body.data;
    const addAccount = async (caseId: string, balance: number) =>
      (
        await t
          .http()
          .post(`/v1/cases/${caseId}/bank-accounts`)
          .set(owner.auth)
          .send({ institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789', current_balance: balance })
          .expect(201)
      ).body.data;
    const setBalance = (caseId: string, accountId: string, balance: number) =>
      t.http().patch(`/v1/cases/${caseId}/bank-accounts/${accountId}`).set(owner.auth).send({ current_balance: balance }).expect(200);
    const keysOf = (res: { body: { data: any[] } }) => res.body.data.map((d) => d.rule.key).sort();
    const skippedOf = (res: { body: { meta: { skipped: any[] } } }, key: string) => res.body.meta.skipped.find((skipped) => skipped.key === key);
    const massachusetts = { date_of_death: '2026-03-13', appointment_date: '2026-04-02', state: 'MA' };

    it('weighs the gross estate: Form 706 and the Massachusetts return left out below 15,000,000.00 and 2,000,000.00, added and dropped as the inventory changes; a completed one stays', async () => {
      const caseId = await newCase();
      const empty = await generate(caseId, massachusetts);
      expect(empty.status).toBe(200);
      // Massachusetts's claim period runs from death (Mass. Gen. Laws ch. 190B, § 3-803(a)).
      expect(keysOf(empty)).toEqual(['creditor_claim_bar', 'creditor_claim_period', 'final_form_1040', 'form_1041', 'inventory']);
      expect(skippedOf(empty, 'form_706')).toMatchObject({ type: 'tax_return', reason: 'below_exclusion', needs: null, gross_estate: 0, threshold: 15000000, rule: { source: 'federal' } });
      expect(skippedOf(empty, 'form_706').message).toContain('below the basic exclusion amount for deaths in 2026, 15,000,000.00');
      expect(skippedOf(empty, 'state_estate_tax_return')).toMatchObject({ reason: 'below_exemption', gross_estate: 0, threshold: 2000000, rule: { source: 'state' } });

      // 2,500,000.00 in an account of the deceased alone: the Massachusetts return, due 9 months after death; still no Form 706.
      const account = await addAccount(caseId, 2500000);
      const taxed = await generate(caseId, massachusetts);
      expect(keysOf(taxed)).toEqual(['creditor_claim_bar', 'creditor_claim_period', 'final_form_1040', 'form_1041', 'inventory', 'state_estate_tax_return']);
      const stateReturn = taxed.body.data.find((d: any) => d.rule.key === 'state_estate_tax_return');
      expect(stateReturn).toMatchObject({ type: 'tax_return', title: 'Massachusetts estate tax return', due_date: '2026-12-14', status: 'upcoming', rule: { source: 'state', from: 'date_of_death' } });
      expect(stateReturn.description).toContain('2,500,000.00');
      expect(stateReturn.description).toContain('published summary');
      expect(skippedOf(taxed, 'state_estate_tax_return')).toBeUndefined();
      expect(skippedOf(taxed, 'form_706')).toMatchObject({ gross_estate: 2500000 });

      // Below the exemption again: the open return is dropped (and gone from the table).
      await setBalance(caseId, account.id, 1500000);
      const dropped = await generate(caseId, massachusetts);
      expect(keysOf(dropped)).not.toContain('state_estate_tax_return');
      expect(skippedOf(dropped, 'state_estate_tax_return')).toMatchObject({ gross_estate: 1500000 });
      expect(await t.sql('select id from probate_deadlines where id = $1', [stateReturn.id])).toEqual([]);

      // Due again, then completed: a later run below the exemption keeps it as history.
      await setBalance(caseId, account.id, 2000000);
      const again = await generate(caseId, massachusetts);
      const returned = again.body.data.find((d: any) => d.rule.key === 'state_estate_tax_return');
      expect(returned.id).not.toBe(stateReturn.id);
      await t.http().patch(`/v1/cases/${caseId}/probate/deadlines/${returned.id}`).set(owner.auth).send({ completed_date: '2026-11-30' }).expect(200);
      await setBalance(caseId, account.id, 10);
      const kept = await generate(caseId, massachusetts);
      expect(kept.body.data.find((d: any) => d.rule.key === 'state_estate_tax_return')).toMatchObject({ id: returned.id, status: 'completed' });

      // A surviving spouse: Form 706 to elect portability, its title saying so; the due date stays 9 months.
      await addPerson(caseId, { first_name: 'Samuel', kinship: 'spouse' });
      const portability = await generate(caseId, massachusetts);
      const form706 = portability.body.data.find((d: any) => d.rule.key === 'form_706');
      expect(form706).toMatchObject({ type: 'tax_return', title: 'Federal estate tax return (Form 706), electing portability for the surviving spouse', due_date: '2026-12-14' });
      expect(form706.description).toContain('Rev. Proc. 2022-32');
      expect(skippedOf(portability, 'form_706')).toBeUndefined();
    });

    it('Oregon taxes from 1,000,000.00; the domicile defaults to the deceased’s address when neither the body nor a probate case gives one', async () => {
      const caseId = await newCase(owner, { deceased: { first_name: 'Ada', last_name: 'Okafor', date_of_death: '2026-03-13', address: { address1: '1 Main St', city: 'Salem', state: 'OR', zip: '97301' } } });
      await addAccount(caseId, 1000000);
      const res = await generate(caseId, { appointment_date: '2026-04-02' });
      expect(res.body.data.find((d: any) => d.rule.key === 'state_estate_tax_return')).toMatchObject({ title: 'Oregon estate tax return', due_date: '2026-12-14' });
    });

    it("Pennsylvania's inheritance tax: the return and the 5 % discount date when a beneficiary is outside the exempt classes, left out when only the spouse inherits", async () => {
      const pennsylvania = { date_of_death: '2026-03-13', appointment_date: '2026-04-02', state: 'PA' };
      const spouseOnly = await newCase();
      await addPerson(spouseOnly, { first_name: 'Samuel', kinship: 'spouse', is_beneficiary: true });
      const exempt = await generate(spouseOnly, pennsylvania);
      expect(keysOf(exempt)).not.toContain('state_inheritance_tax_return');
      expect(skippedOf(exempt, 'state_inheritance_tax_return')).toMatchObject({ reason: 'no_taxable_beneficiary' });
      // A spouse survives: Form 706 elects portability (no assets).
      expect(keysOf(exempt)).toContain('form_706');

      await addPerson(spouseOnly, { first_name: 'Grace', kinship: 'child', descendant_of_spouse: true, is_beneficiary: true });
      await addPerson(spouseOnly, { first_name: 'Tunde', is_beneficiary: true });
      const taxed = await generate(spouseOnly, pennsylvania);
      const byKey = Object.fromEntries((taxed.body.data as any[]).map((d) => [d.rule.key, d]));
      expect(byKey.state_inheritance_tax_return).toMatchObject({ type: 'tax_return', title: 'Pennsylvania inheritance tax return', due_date: '2026-12-14' });
      expect(byKey.state_inheritance_tax_return.description).toContain('Grace Okafor (child)');
      expect(byKey.state_inheritance_tax_return.description).toContain('Tunde Okafor (kinship not recorded)');
      expect(byKey.state_inheritance_tax_return.description).toContain('published summary');
      // 3 months after death is Saturday 2026-06-13 → Monday 2026-06-15.
      expect(byKey.state_inheritance_tax_discount).toMatchObject({ type: 'tax_return', due_date: '2026-06-15', rule: { computed_date: '2026-06-13' } });
      expect(byKey.state_inheritance_tax_discount.title).toContain('5 % discount');
      expect(skippedOf(taxed, 'state_inheritance_tax_return')).toBeUndefined();
    });
  });

  describe('GET …/probate/deadlines.ics', () => {
    it('serves the deadlines as a calendar that parses: all-day events, stable UIDs, alarms, completed and waived marked', async () => {
      const caseId = await newCase();
      const open = await createDeadline(caseId, { title: 'Open', type: 'filing', due_date: '2027-03-15', reminder_days_before: 14, description: 'File it' });
      const done = await createDeadline(caseId, { title: 'Done', type: 'inventory', due_date: '2027-02-01', completed_date: '2027-01-20', reminder_days_before: 2 });
      const waived = await createDeadline(caseId, { title: 'Waived', type: 'bond_renewal', due_date: '2027-04-01', status: 'waived' });

      const res = await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const text = res.text;
      const parsed = ical.sync.parseICS(text);
      const events = Object.values(parsed).filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT');
      expect(events).toHaveLength(3);
      const byUid = Object.fromEntries(events.map((event) => [event.uid, event]));
      const openEvent = byUid[`${open.id}@estate-desk`];
      expect(openEvent.datetype).toBe('date');
      expect(text).toContain('DTSTART;VALUE=DATE:20270315');
      expect(openEvent.status).toBe('CONFIRMED');
      expect(openEvent.summary).toBe('Open');
      expect((openEvent as any).alarms).toHaveLength(1);
      expect(text).toContain('TRIGGER:-P14D');
      const doneEvent = byUid[`${done.id}@estate-desk`];
      expect(doneEvent.summary).toBe('[Completed] Done');
      expect((doneEvent as any).alarms ?? []).toHaveLength(0);
      expect(byUid[`${waived.id}@estate-desk`].status).toBe('CANCELLED');

      // The same deadlines give the same feed (stable UIDs and stamps), and the ETag is honoured.
      const again = await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth);
      expect(again.text).toBe(text);
      const cached = await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth).set('If-None-Match', res.headers.etag);
      expect(cached.status).toBe(304);
    });

    it('is a path of its own: deadlines.ics is not read as a deadline id', async () => {
      const caseId = await newCase();
      const res = await t.http().get(`/v1/cases/${caseId}/probate/deadlines.ics`).set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.text).toContain('BEGIN:VCALENDAR');
      expectError(await t.http().get(`/v1/cases/${caseId}/probate/deadlines/deadlines.ics`).set(owner.auth), 404, 'not_found');
    });
  });
});
