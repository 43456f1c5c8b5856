/**
 * A short client session written against the types openapi-typescript generates from our OpenAPI document. It is
 * only type-checked (`npm run openapi:check` compiles it under `tsc --strict` beside the generated `./schema`),
 * never run: if the document stops describing what a client needs, this stops compiling.
 */
import createClient from 'openapi-fetch';
import type { components, paths, webhooks } from './schema';

type CaseView = components['schemas']['CaseView'];
type DeceasedView = components['schemas']['DeceasedView'];
type PersonView = components['schemas']['PersonView'];

export async function session(token: string): Promise<void> {
  const api = createClient<paths>({ baseUrl: 'http://localhost:3000', headers: { Authorization: `Bearer ${token}` } });

  // Create a case with a nested deceased (SSN in full, an address) and the authority, idempotently.
  const created = await api.POST('/v1/cases', {
    params: { header: { 'Idempotency-Key': 'b3c1f0e2-4d5a-4e67-8f90-1a2b3c4d5e6f' } },
    body: {
      queue_assignment: 'intake',
      progress: 'just_started',
      deceased: {
        first_name: 'Margaret',
        last_name: 'Okafor',
        date_of_death: '2026-08-20',
        ssn: '123-45-6789',
        address: { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' },
      },
      authority: { level: 'level_2', types: ['executor_in_will'] },
    },
  });
  if (created.error) throw new Error(`${created.error.error.code}: ${created.error.error.message}`);
  const caseId: string = created.data.data.id;
  const progress: CaseView['progress'] = created.data.data.progress;
  const pending: string[] = created.data.data.pending_searches;

  // Read it back, then the deceased: the SSN comes back masked, the address with every field present.
  const read = await api.GET('/v1/cases/{case_id}', { params: { path: { case_id: caseId } } });
  if (read.error) throw new Error(read.error.error.code);
  const etag = read.response.headers.get('ETag') ?? '*';
  const deceased = await api.GET('/v1/cases/{case_id}/deceased', { params: { path: { case_id: caseId } } });
  if (deceased.data) {
    const view: DeceasedView = deceased.data.data;
    const masked: string | null = view.ssn;
    const address2: string | null | undefined = view.address?.address2;
    void [masked, address2];
  }

  // Patch it, conditionally on the ETag (JSON Merge Patch: null clears a field).
  const patched = await api.PATCH('/v1/cases/{case_id}', {
    params: { path: { case_id: caseId }, header: { 'If-Match': etag } },
    body: { progress: 'making_progress', queue_assignment: null },
  });
  if (patched.error) {
    const details: { field: string; message: string }[] | undefined = patched.error.error.details;
    void details;
  }

  // List the case's persons in cursor mode, following next_cursor to the end, filtering on a boolean.
  let cursor = '';
  const persons: PersonView[] = [];
  for (;;) {
    const page = await api.GET('/v1/cases/{case_id}/persons', {
      params: { path: { case_id: caseId }, query: { cursor, per_page: 100, is_beneficiary: true, sort_order: 'asc' } },
    });
    if (page.error) throw new Error(page.error.error.message);
    persons.push(...page.data.data);
    const next: string | null = page.data.meta.next_cursor;
    if (!page.data.meta.has_more || next === null) break;
    cursor = next;
  }
  const beneficiaries: string[] = persons.filter((person) => person.is_beneficiary).map((person) => `${person.first_name} ${person.last_name}`);
  void [progress, pending, beneficiaries];
}

/**
 * A webhook receiver's side: a delivered body typed by the document's `webhooks` section and the `Event` union,
 * narrowed on `type` to its resource's view (a type that cannot fire, such as `transfer.updated`, would not compile).
 */
type Event = components['schemas']['Event'];
type TransferMove = webhooks['transfer.status_changed']['post']['requestBody']['content']['application/json'];

export function onEvent(event: Event): string {
  switch (event.type) {
    case 'transfer.status_changed': {
      const moved: TransferMove = event;
      const status: components['schemas']['TransferView']['status'] = moved.data.object.status;
      const returnCode: string | null = moved.data.object.return_code;
      return `${moved.data.object.id} is ${status}${returnCode ? ` (${returnCode})` : ''}`;
    }
    case 'deadline.reminder':
      return `due ${event.data.object.due_date}`;
    case 'webhook_endpoint.ping':
      return event.data.object.url;
    default:
      return event.type;
  }
}

export function readEvents(token: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl: 'http://localhost:3000', headers: { Authorization: `Bearer ${token}` } });
  return api.GET('/v1/events', { params: { query: { type: ['transfer.*', 'deadline.reminder'] } } }).then(({ data, error }) => {
    if (error) throw new Error(error.error.message);
    return data.data.map(onEvent);
  });
}
