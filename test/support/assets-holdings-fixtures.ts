import type { Response } from 'supertest';
import type { TestApp, TestCaller } from './test-app';

/** Helpers of the holdings suites (valuations, vehicles, investment, retirement, life insurance, inventory). */
export const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
export const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

export const ids = (res: Response): string[] => (res.body.data as Array<{ id: string }>).map((row) => row.id);

export async function newCase(t: TestApp, caller: TestCaller, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.http().post('/v1/cases').set(caller.auth).send(body);
  expect(res.status).toBe(201);
  return res.body.data.id;
}

export async function created(t: TestApp, caller: TestCaller, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await t.http().post(path).set(caller.auth).send(body);
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Every row of a list, walked in cursor mode with a small page: the ids in list order. */
export async function walkCursor(t: TestApp, caller: TestCaller, path: string, perPage = 2): Promise<string[]> {
  const walked: string[] = [];
  let cursor = '';
  for (let guard = 0; guard < 50; guard++) {
    const separator = path.includes('?') ? '&' : '?';
    const res = await t.http().get(`${path}${separator}per_page=${perPage}&cursor=${encodeURIComponent(cursor)}`).set(caller.auth);
    expect(res.status).toBe(200);
    expect(res.body.meta).not.toHaveProperty('total_count');
    walked.push(...ids(res));
    if (res.body.meta.next_cursor === null) return walked;
    cursor = res.body.meta.next_cursor;
  }
  throw new Error('cursor walk does not end');
}

/** Every row of a list in page mode (newest first): the ids, and the total the meta reports. */
export async function walkPages(t: TestApp, caller: TestCaller, path: string, perPage = 2): Promise<{ ids: string[]; total: number }> {
  const walked: string[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const res = await t.http().get(`${path}${separator}per_page=${perPage}&page=${page}`).set(caller.auth);
    expect(res.status).toBe(200);
    total = res.body.meta.total_count;
    walked.push(...ids(res));
    if (!res.body.meta.has_more) return { ids: walked, total };
  }
  throw new Error('page walk does not end');
}

/** An institution contact of the case, for `institution_contact_id` references. */
export async function newContact(t: TestApp, caller: TestCaller, caseId: string): Promise<string> {
  return (await created(t, caller, `/v1/cases/${caseId}/institution-contacts`, { institution_name: 'First Bank', account_types: ['investment', 'insurance'] })).id;
}
