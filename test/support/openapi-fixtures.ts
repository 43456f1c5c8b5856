import type { TestApp, TestCaller } from './test-app';

/**
 * One record of every resource of the OpenAPI document, created by a caller from the document itself: each
 * collection `POST` answering `201` is sent its first request example (with the overrides below where an example
 * cannot stand alone), `PUT`s of single resources likewise; a collection without a `POST` (events, which the API
 * writes itself) gives the newest record of the caller's list. The ids are kept per collection path (`account_id` names
 * three different collections), so any path template of the document can be filled in with `urlOf`, or found
 * missing with `missingIds` (a new route without a fixture fails the suites that use this).
 */

type Node = Record<string, any>;

export interface DocumentFixtures {
  /** collection path template (`/v1/cases/{case_id}/persons`) → the id of the record created there */
  ids: Map<string, string>;
  /** path template → the body that created or replaced it (reused as a valid body for the same route) */
  bodies: Map<string, unknown>;
}

/** The template prefix that names the parameter at `index` of `template`'s segments. */
function collectionOf(segments: string[], index: number): string {
  return segments.slice(0, index).join('/');
}

/** The parameters of `template` the fixtures have no id for (empty when it can be filled in). */
export function missingIds(template: string, fixtures: DocumentFixtures): string[] {
  const segments = template.split('/');
  return segments.flatMap((segment, index) => (/^\{.+\}$/.test(segment) && !fixtures.ids.has(collectionOf(segments, index)) ? [segment] : []));
}

export function urlOf(template: string, fixtures: DocumentFixtures): string {
  const segments = template.split('/');
  return segments
    .map((segment, index) => {
      if (!/^\{.+\}$/.test(segment)) return segment;
      const id = fixtures.ids.get(collectionOf(segments, index));
      if (!id) throw new Error(`no fixture id for ${segment} of ${template}`);
      return id;
    })
    .join('/');
}

export function requestExample(op: Node | undefined): unknown {
  const media = op?.requestBody?.content?.['application/json'];
  const examples = Object.values((media?.examples ?? {}) as Node);
  return examples.length > 0 ? structuredClone(examples[0].value) : undefined;
}

const CASES = '/v1/cases';
const BANK_ACCOUNTS = '/v1/cases/{case_id}/bank-accounts';
const STEPS = '/v1/cases/{case_id}/closure/steps';
const TRANSFERS = '/v1/cases/{case_id}/transfers';
const DOCUMENTS = '/v1/cases/{case_id}/documents';
const FAXES = '/v1/cases/{case_id}/faxes';
const NOTARIZATIONS = '/v1/cases/{case_id}/notarizations';
const PERSONS = '/v1/cases/{case_id}/persons';
const DISTRIBUTIONS = '/v1/cases/{case_id}/probate/distributions';
/** Not a path: the living beneficiary a distribution names (the persons' first example need not be one). */
const BENEFICIARY = 'beneficiary';
const DECEASED = '/v1/cases/{case_id}/deceased';
const ACCOUNTINGS = '/v1/cases/{case_id}/accountings';
/** A bank account's balance history: its points are named by their day, and one is recorded for the routes that name it. */
const BALANCE_HISTORY = '/v1/cases/{case_id}/bank-accounts/{account_id}/balance-history';
const RECORDED_DAY = '2025-12-31';
const INVESTMENTS = '/v1/cases/{case_id}/investment-accounts';
const CLOSURE_REQUESTS = '/v1/cases/{case_id}/closure/requests';
const SEARCH_INITIATION = '/v1/cases/{case_id}/searches/initiate';

/**
 * Bodies that the examples cannot give: an account a transfer can draw on, a step with a sub-task, a transfer of that
 * account (which needs the authority and an estate account first, see `before`), a notarization of the PDF uploaded,
 * a fax of it, a closure request of the investment account (the bank account stays open for the transfer), a search
 * the service runs of a type the recorded search (the searches example) does not already have pending.
 */
const OVERRIDES: Record<string, (f: DocumentFixtures) => unknown> = {
  [BANK_ACCOUNTS]: () => ({
    institution_name: 'First Prairie Bank',
    institution_routing_number: '071000013',
    account_type: 'checking',
    ownership_type: 'individual',
    status: 'open',
    account_number: '000123451234',
    available_balance: 1000,
    current_balance: 1000,
  }),
  [STEPS]: () => ({ step_type: 'close_bank_account', title: 'Close the checking account', sub_tasks: [{ title: 'Call the bank' }] }),
  [TRANSFERS]: (f) => ({ bank_account_id: f.ids.get(BANK_ACCOUNTS), amount: 10 }),
  [NOTARIZATIONS]: (f) => ({ document_id: f.ids.get(DOCUMENTS), title: 'Affidavit of heirship', signers: [{ name: 'Grace Okafor', email: 'grace.okafor@example.com' }] }),
  [FAXES]: (f) => ({ to_number: '+13125550142', document_ids: [f.ids.get(DOCUMENTS)] }),
  [DISTRIBUTIONS]: (f) => ({ person_id: f.ids.get(BENEFICIARY), distribution_type: 'specific_bequest', kind: 'in_kind', asset_type: 'personal_property', asset_description: 'Grandfather clock', value: 1200 }),
  [CLOSURE_REQUESTS]: (f) => ({ account_type: 'investment_account', account_id: f.ids.get(INVESTMENTS), notes: 'Custodian asked for a medallion guarantee.' }),
  [SEARCH_INITIATION]: () => ({ type: 'vehicle', parameters: { states: ['IL'], name_variants: ['Sam Okafor'] } }),
  // An account through the date of death only: every record is then on hand at its carry value, so it balances
  // whatever the other fixtures hold (a sale or a payout dated later would not be matched by asset_proceeds).
  [ACCOUNTINGS]: (f) => ({ to: (f.bodies.get(`put ${DECEASED}`) as { date_of_death: string }).date_of_death }),
};

/** Created last, in this order (they depend on what the others created). */
const LAST = [TRANSFERS, NOTARIZATIONS, FAXES];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A small PDF: the file of a multipart upload fixture (an upload's request example has no bytes). */
const FIXTURE_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Page >>\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1');

/** The multipart body of an operation that takes one: its text parts from the schema's examples, a PDF as each binary part. */
function multipartRequest(t: TestApp, doc: Node, url: string, caller: TestCaller, op: Node) {
  let schema = op.requestBody.content['multipart/form-data'].schema as Node;
  if (schema.$ref) schema = doc.components.schemas[(schema.$ref as string).split('/').pop() as string];
  const request = t.http().post(url).set(caller.auth);
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Node)) {
    if (property.format === 'binary') request.attach(name, FIXTURE_PDF, { filename: 'fixture.pdf', contentType: 'application/pdf' });
    else if ((schema.required ?? []).includes(name) && property.example !== undefined) request.field(name, String(property.example));
  }
  return request;
}

export async function createDocumentFixtures(t: TestApp, doc: Node, caller: TestCaller): Promise<DocumentFixtures> {
  const fixtures: DocumentFixtures = { ids: new Map(), bodies: new Map() };
  const send = async (method: 'post' | 'put', template: string, body: unknown) => {
    const op = doc.paths[template]?.[method] as Node | undefined;
    const res = op?.requestBody?.content?.['multipart/form-data']
      ? await multipartRequest(t, doc, urlOf(template, fixtures), caller, op)
      : await t.http()[method](urlOf(template, fixtures)).set(caller.auth).send(body as object);
    if (res.status !== 201 && res.status !== 200) throw new Error(`fixture ${method.toUpperCase()} ${template}: ${res.status} ${JSON.stringify(res.body)}`);
    fixtures.bodies.set(`${method} ${template}`, body);
    return res.body.data as Node;
  };

  const caseBody = { ...(requestExample(doc.paths[CASES].post) as Node) };
  const created = await send('post', CASES, caseBody);
  fixtures.ids.set(CASES, created.id);

  // Single resources (deceased, authority) first: the transfer needs the authority.
  for (const [template, item] of Object.entries(doc.paths as Node)) {
    if (item.put && !missingIds(template, fixtures).length) await send('put', template, requestExample(item.put));
  }
  // The estate account a transfer credits (not a collection of its own: a bank account flagged as the estate's).
  const estateAccount = { ...(OVERRIDES[BANK_ACCOUNTS](fixtures) as Node), account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 };
  await t.http().post(urlOf(BANK_ACCOUNTS, fixtures)).set(caller.auth).send(estateAccount).expect(201);
  const beneficiary = { first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true };
  fixtures.ids.set(BENEFICIARY, (await t.http().post(urlOf(PERSONS, fixtures)).set(caller.auth).send(beneficiary).expect(201)).body.data.id);

  const collections = Object.entries(doc.paths as Node)
    .filter(([template, item]) => item.post?.responses?.['201'] && template !== CASES)
    .map(([template]) => template)
    .sort((a, b) => Number(LAST.includes(a)) - Number(LAST.includes(b)) || a.split('/').length - b.split('/').length);
  for (const template of collections) {
    if (missingIds(template, fixtures).length) continue;
    const body = OVERRIDES[template]?.(fixtures) ?? requestExample(doc.paths[template].post);
    const record = await send('post', template, body);
    // Records created inside another (a step's sub-tasks) are reachable under it: `…/steps/{step_id}/sub-tasks/{id}`.
    const item = Object.keys(doc.paths as Node).find((path) => new RegExp(`^${escape(template)}/\\{[^}]+\\}$`).test(path));
    // A settled accounting is named by its number, not its id (`…/accountings/{sequence}`).
    fixtures.ids.set(template, item?.endsWith('/{sequence}') ? String(record.sequence) : record.id);
    for (const [field, value] of Object.entries(record)) {
      if (item && Array.isArray(value) && typeof value[0]?.id === 'string') fixtures.ids.set(`${item}/${field.replace(/_/g, '-')}`, value[0].id as string);
    }
  }
  // A balance recorded for a past day of the account (contract-extensions §12.3), named by its date.
  if (doc.paths[`${BALANCE_HISTORY}/{date}`]?.put && fixtures.ids.has(BANK_ACCOUNTS)) {
    fixtures.ids.set(BALANCE_HISTORY, RECORDED_DAY);
    await send('put', `${BALANCE_HISTORY}/{date}`, requestExample(doc.paths[`${BALANCE_HISTORY}/{date}`].put));
  }
  // The shipped probate reference data (contract-extensions §10.4): a state and a county of it, by code.
  fixtures.ids.set('/v1/probate/states', 'CA');
  fixtures.ids.set('/v1/probate/states/{state}/counties', '06037');
  // Collections the API writes itself (events): the id of the newest record of the caller's list.
  for (const [template, item] of Object.entries(doc.paths as Node)) {
    const collection = template.replace(/\/\{[^}]+\}$/, '');
    if (collection === template || fixtures.ids.has(collection) || !item.get || !(doc.paths as Node)[collection]?.get || missingIds(collection, fixtures).length) continue;
    const list = await t.http().get(urlOf(collection, fixtures)).set(caller.auth);
    const first = list.status === 200 && Array.isArray(list.body.data) ? (list.body.data[0] as Node | undefined) : undefined;
    if (typeof first?.id === 'string') fixtures.ids.set(collection, first.id);
  }
  return fixtures;
}
