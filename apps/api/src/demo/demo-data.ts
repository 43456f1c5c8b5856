import { EntityManager } from '@mikro-orm/postgresql';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OperatorEnrolment, OperatorInvitation } from '@estate/people';

export const DEMO_EMAIL = 'demo@estate-desk.local';
const DEMO_ORGANIZATION = 'Demo Estate Law LLP';

export interface DemoOptions {
  /**
   * Where the demo token is kept between starts (the embedded default: under its data directory, mode 0600). A
   * token read there that still works is used again; without the file, each start mints a fresh one.
   */
  tokenFile?: string;
}

/**
 * Demo data for a newcomer: an enterprise organization with one user and one case (deceased, authority, two heirs,
 * a probate case, the executor, two bank accounts with their ledgers and a car, enough for a balanced court account),
 * created through the public API itself so it obeys every rule a client would. Tokens are kept only as hashes, so
 * the token cannot be shown again from the database: on the embedded default it is kept in `tokenFile` and a
 * restart prints the same one. A start that has no working token mints one more and revokes none (contract §9,
 * amended 2026-12-01: nothing revokes a token silently — a token this start does not know may be in someone's hands).
 */
export async function prepareDemo(em: EntityManager, baseUrl: string, options: DemoOptions = {}): Promise<{ token: string; caseId: string }> {
  const token = (await keptToken(options.tokenFile, baseUrl)) ?? (await mintToken(em, options.tokenFile));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const existing = await fetch(`${baseUrl}/v1/cases?per_page=1&sort_order=asc`, { headers });
  const listed = (await existing.json()) as { data: Array<{ id: string }> };
  if (listed.data.length > 0) return { token, caseId: listed.data[0].id };

  const created = await fetch(`${baseUrl}/v1/cases`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': 'demo-case' },
    body: JSON.stringify({
      estate_value: '100k_to_500k',
      progress: 'just_started',
      possible_dispute: 'no_dispute_expected',
      queue_assignment: 'intake',
      terms_accepted_at: new Date().toISOString(),
      deceased: {
        first_name: 'Eleanor',
        middle_name: 'May',
        last_name: 'Whitfield',
        date_of_birth: '1941-03-14',
        date_of_death: '2026-08-30',
        ssn: '123-45-6789',
        email: 'eleanor.whitfield@example.com',
        address: { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' },
      },
      authority: { level: 'level_2', types: ['executor_in_will', 'next_of_kin'] },
    }),
  });
  if (created.status !== 201) throw new Error(`demo case could not be created: ${created.status} ${await created.text()}`);
  const caseId = ((await created.json()) as { data: { id: string } }).data.id;
  for (const person of [
    { first_name: 'Robert', last_name: 'Whitfield', relationship: 'son', is_beneficiary: true, waiver_status: 'waiver_signed', email: 'rob@example.com' },
    { first_name: 'Anna', last_name: 'Whitfield-Cole', relationship: 'daughter', is_beneficiary: true, waiver_status: 'waiver_pending' },
  ]) {
    await fetch(`${baseUrl}/v1/cases/${caseId}/persons`, { method: 'POST', headers, body: JSON.stringify(person) });
  }
  await seedEstate(baseUrl, headers, caseId);
  return { token, caseId };
}

/**
 * The demo estate's probate case, executor and accounts: enough for a first court account that balances (README,
 * "Court accounting"). The checking account's balance at death is recorded as a transaction of that day, the money
 * moves to the estate account, and the estate pays the funeral and the court's fees; a car is carried at its value.
 * The checking account keeps the balance its bank reports (0.00 once emptied); the estate account's balances follow
 * the transactions written on it.
 */
async function seedEstate(baseUrl: string, headers: Record<string, string>, caseId: string): Promise<void> {
  const base = `${baseUrl}/v1/cases/${caseId}`;
  const send = async (method: string, path: string, body: unknown): Promise<{ id: string }> => {
    const res = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
    if (res.status !== 201 && res.status !== 200) throw new Error(`demo ${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: string } }).data;
  };
  await send('PUT', '/probate', {
    state: 'IL',
    probate_type: 'formal',
    county_fips: '17167',
    county_name: 'Sangamon',
    court_name: 'Circuit Court of the Seventh Judicial Circuit, Sangamon County, Illinois',
    case_number: '2026-PR-000417',
  });
  await send('PUT', '/executor', { first_name: 'Robert', last_name: 'Whitfield', role: 'executor', relationship_to_deceased: 'child', email: 'rob@example.com' });
  const checking = await send('POST', '/bank-accounts', {
    institution_name: 'Illini Savings Bank',
    account_type: 'checking',
    ownership_type: 'individual',
    status: 'open',
    account_number: '000123456789',
    current_balance: 0,
    available_balance: 0,
  });
  const estate = await send('POST', '/bank-accounts', {
    institution_name: 'Illini Savings Bank',
    account_type: 'estate_account',
    ownership_type: 'estate',
    is_estate_account: true,
    status: 'open',
    account_number: '000987654321',
    // The estate account's balances follow its ledger (contract §3.2): the transactions below bring it to 11,427.40.
    current_balance: 0,
    available_balance: 0,
  });
  const ledger: Array<[string, string, number, string, string | null, string | null]> = [
    [checking.id, '2026-08-30', 18250, 'Balance at death', null, null],
    [checking.id, '2026-09-15', 12.4, 'Interest', null, 'interest'],
    [checking.id, '2026-09-20', -18262.4, 'Transfer to the estate account', null, 'transfer'],
    [estate.id, '2026-09-20', 18262.4, 'Transfer from checking', null, 'transfer'],
    [estate.id, '2026-10-02', -6400, 'Funeral services', 'Whitfield & Sons Funeral Home', 'funeral'],
    [estate.id, '2026-10-15', -435, 'Filing fee, petition for probate', 'Sangamon County Circuit Clerk', 'court_costs'],
  ];
  for (const [account, date, amount, description, merchant, category] of ledger) {
    await send('POST', `/bank-accounts/${account}/transactions`, { date, amount, description, merchant_name: merchant, ...(category ? { accounting_category: category } : {}) });
  }
  await send('POST', '/vehicles', { vehicle_type: 'automobile', year: 2014, make: 'Buick', model: 'LaCrosse', vin: '1G4GB5G37EF000417', estimated_value: 6500 });
}

/** The kept token, if there is one and the API still accepts it (a database reset or a `revoke` ends it). */
async function keptToken(tokenFile: string | undefined, baseUrl: string): Promise<string | undefined> {
  if (!tokenFile || !existsSync(tokenFile)) return undefined;
  const token = readFileSync(tokenFile, 'utf8').trim();
  if (token === '') return undefined;
  const probe = await fetch(`${baseUrl}/v1/cases?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
  return probe.status === 200 ? token : undefined;
}

/** Mints a demo token (creating the demo user on a first start) and keeps it in `tokenFile`, readable by its owner only. */
async function mintToken(em: EntityManager, tokenFile: string | undefined): Promise<string> {
  const enrolment = new OperatorEnrolment(em.fork());
  const invitation: OperatorInvitation = await enrolment.invite(DEMO_EMAIL, 'enterprise', DEMO_ORGANIZATION);
  if (tokenFile) {
    mkdirSync(dirname(tokenFile), { recursive: true });
    writeFileSync(tokenFile, `${invitation.token}\n`, { mode: 0o600 });
    // `mode` applies only when the file is created: a file left by an older start is narrowed too.
    chmodSync(tokenFile, 0o600);
  }
  return invitation.token;
}

/** Where the embedded default keeps the demo token: beside its database, under the data directory. */
export function demoTokenFile(dataDir: string): string {
  return join(dataDir, 'demo-token');
}

/** The line `npm start` prints when loopback webhook targets are allowed (the embedded default). */
export function loopbackWebhooksNote(): string {
  return 'Webhooks: targets on this machine are allowed over http (WEBHOOK_ALLOW_LOOPBACK=on), e.g. http://localhost:4000/webhooks\n';
}

/** What `npm start` (and `npm run start:cluster`) print after preparing the demo. */
export function demoBanner(demo: { token: string; caseId: string }, baseUrl: string): string {
  return [
    '',
    `Demo token (enterprise tier): ${demo.token}`,
    'Try it:',
    `  curl -s -H "Authorization: Bearer ${demo.token}" ${baseUrl}/v1/cases/${demo.caseId}`,
    `API reference: ${baseUrl}/v1/docs`,
    '',
  ].join('\n');
}
