import { settledAccountingRecord } from '@estate/accounting';
import { describeDeclaredCaseRecordContract } from '../support/declared-contracts';
import type { TestApp, TestCaller } from '../support/test-app';

/** The day the contract's deceased died: every account starts there, long before the moments its checks set the clock to. */
const DATE_OF_DEATH = '2025-06-30';

/** A settled accounting needs the deceased's date of death, where its first account starts. */
async function deceasedRecorded(t: TestApp, caller: TestCaller, caseId: string): Promise<void> {
  const res = await t.http().put(`/v1/cases/${caseId}/deceased`).set(caller.auth).send({ first_name: 'John', last_name: 'Doe', date_of_death: DATE_OF_DEATH });
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
}

/**
 * The next account of the case, one day long: `to` is where it starts (the date of death, or the day after the last
 * settled account), the body's other fields as given. Its answer is the stored document, as a read answers it.
 */
async function nextSettled(t: TestApp, caller: TestCaller, place: { caseId: string; collection: string }, body: Record<string, unknown>): Promise<Record<string, any>> {
  const next = await t.http().get(`/v1/cases/${place.caseId}/accounting`).set(caller.auth);
  expect({ status: next.status, error: next.body.error }).toEqual({ status: 200, error: undefined });
  const res = await t.http().post(place.collection).set(caller.auth).send({ ...body, to: next.body.data.from });
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
  return res.body.data;
}

describeDeclaredCaseRecordContract(settledAccountingRecord, {
  beyond: {
    // A settlement stores is_final false when it is not sent, and letters a case with no New York probate case as ca.
    defaults: { is_final: false, scheme: 'ca' },
    caseNeeds: deceasedRecorded,
    // Each account starts the day after the last one's `to`: the generated body settles a case's first account only.
    seed: nextSettled,
    createsFirstOnly: true,
  },
});
