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

/** An institution contact of the case, for `institution_contact_id` references. */
export async function newContact(t: TestApp, caller: TestCaller, caseId: string): Promise<string> {
  return (await created(t, caller, `/v1/cases/${caseId}/institution-contacts`, { institution_name: 'First Bank', account_types: ['investment', 'insurance'] })).id;
}

/** A checking account of the case, for the records below an account (signers, statements). */
export async function newBankAccount(t: TestApp, caller: TestCaller, caseId: string): Promise<string> {
  const account = { institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' };
  return (await created(t, caller, `/v1/cases/${caseId}/bank-accounts`, account)).id;
}

/** The UTC calendar date `days` from now (`0`: today), for the rules on dates of past facts. */
export const isoDateInDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
