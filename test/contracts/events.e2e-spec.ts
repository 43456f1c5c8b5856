import { eventRecord } from '@estate/webhooks';
import { describeDeclaredOrganizationContract } from '../support/declared-organization-contracts';
import type { TestApp, TestCaller } from '../support/test-app';

/** A well-formed case id that names no case: a value `case_id` accepts. */
const SOME_CASE_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

function noBody(body: Record<string, unknown>): void {
  if (Object.keys(body).length > 0) throw new Error(`an event takes no body: ${JSON.stringify(body)}`);
}

/** One event of the caller's organization, as the feed reads it: a case opened, which tells `case.created` alone. */
async function caseOpened(t: TestApp, caller: TestCaller, body: Record<string, unknown>): Promise<Record<string, any>> {
  noBody(body);
  const opened = await t.http().post('/v1/cases').set(caller.auth).send({});
  expect({ status: opened.status, error: opened.body.error }).toEqual({ status: 201, error: undefined });
  const told = await t.http().get(`/v1/events?case_id=${opened.body.data.id}`).set(caller.auth).expect(200);
  expect(told.body.data.map((event: { type: string }) => event.type)).toEqual(['case.created']);
  return told.body.data[0];
}

/** One event of a case, as its list reads it: a person added, which tells `person.created` alone. */
async function personAdded(t: TestApp, caller: TestCaller, caseId: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  noBody(body);
  const added = await t.http().post(`/v1/cases/${caseId}/persons`).set(caller.auth).send({ first_name: 'Ada', last_name: 'Byron', relationship: 'child' });
  expect({ status: added.status, error: added.body.error }).toEqual({ status: 201, error: undefined });
  const told = await t.http().get(`/v1/cases/${caseId}/events?type=person.created&per_page=100`).set(caller.auth).expect(200);
  const event = told.body.data.find((each: { data: { object: { id: string } } }) => each.data.object.id === added.body.data.id);
  expect(event).toBeDefined();
  return event;
}

describeDeclaredOrganizationContract(eventRecord, {
  beyond: {
    // The feed is read only: every other write tells its events (the events' own suite tests what each tells).
    without: ['create', 'delete'],
    seed: caseOpened,
    // The reader parses its filters itself; which rows each matches (patterns, a case, instants) is the own suite's.
    ownFilterValues: {
      type: { accepted: 'case.created', refused: ['person', 'Person.created', 'transaction.deleted', 'search.deleted', 'transfer.updated', 'shareholder.*'] },
      case_id: { accepted: SOME_CASE_ID, refused: ['nope', ''] },
      created_after: { accepted: '2026-01-01T00:00:00Z', refused: ['yesterday', '', '2026-02-30'] },
      created_before: { accepted: '2026-01-01T00:00:00Z', refused: ['2026-13-45T00:00:00Z', ''] },
    },
    // A case's events are listed at /v1/cases/{case_id}/events too, with the feed's filters but the case.
    perCase: { path: 'events', without: ['case_id'], seed: personAdded },
  },
});
