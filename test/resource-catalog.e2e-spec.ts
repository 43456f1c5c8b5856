import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { declaredCaseResources, loadAppConfig, ResourceCatalog, shapeOf, toSnakeCase } from '@estate/shared-kernel';
import type { BodyShape } from '@estate/shared-kernel';
import { AppModule } from '../apps/api/src/app.module';

/**
 * What the kernel gathers from the resources' declarations at start-up (nothing of it is written in a kernel file):
 * the event types that can exist, the tags' descriptions, the specification's routes and the masked fields. The
 * application is built in preview mode, as the OpenAPI writer builds it: modules and controllers registered, nothing
 * connected.
 */

/** Contract §14.2's keys. */
const CONTRACT_KEYS = [
  'case', 'deceased', 'authority', 'person', 'debt', 'institution_contact', 'bank_account', 'transaction', 'recurring_payment',
  'real_estate_valuation', 'vehicle', 'investment_account', 'retirement_account', 'life_insurance_policy', 'deadline', 'claim',
  'closure_step', 'closure_request', 'search', 'phone_call', 'email', 'transfer', 'probate_case', 'filing', 'executor', 'ein',
  'financial_account', 'account_beneficiary', 'signer', 'statement', 'document', 'goal', 'distribution', 'unclaimed_property',
  'real_estate_property', 'business', 'fax', 'notarization', 'identity_verification', 'collaborator', 'accounting', 'pro_user',
  'webhook_endpoint',
];

/**
 * The events each resource with routes can emit, checked against the code paths that emit them: the generic and
 * aggregate routes (`POST` created, `PATCH` updated, `DELETE` deleted), the processors (a transfer's and an email's
 * moves are status changes only), the deadline scheduler, and webhook endpoints' ping.
 */
const EXPECTED_ACTIONS: Record<string, string[]> = {
  case: ['created', 'updated', 'deleted'],
  deceased: ['created', 'updated'],
  document: ['created', 'updated', 'deleted'],
  authority: ['created', 'updated'],
  executor: ['created', 'updated', 'deleted'],
  ein: ['created', 'updated', 'deleted', 'status_changed'],
  identity_verification: ['created', 'updated', 'status_changed'],
  person: ['created', 'updated', 'deleted'],
  institution_contact: ['created', 'updated', 'deleted'],
  debt: ['created', 'updated', 'deleted'],
  bank_account: ['created', 'updated', 'deleted'],
  transaction: ['created', 'updated'],
  recurring_payment: ['created', 'updated', 'deleted'],
  signer: ['created', 'updated', 'deleted'],
  financial_account: ['created', 'updated', 'deleted'],
  // Served below bank accounts and below financial accounts: two declarations, one key (contract-extensions §12.2).
  account_beneficiary: ['created', 'updated', 'deleted'],
  statement: ['created', 'updated', 'deleted'],
  real_estate_valuation: ['created', 'updated', 'deleted'],
  vehicle: ['created', 'updated', 'deleted'],
  real_estate_property: ['created', 'updated', 'deleted'],
  business: ['created', 'updated', 'deleted'],
  investment_account: ['created', 'updated', 'deleted'],
  retirement_account: ['created', 'updated', 'deleted'],
  life_insurance_policy: ['created', 'updated', 'deleted'],
  deadline: ['created', 'updated', 'deleted', 'status_changed', 'reminder', 'overdue'],
  claim: ['created', 'updated', 'deleted', 'status_changed'],
  probate_case: ['created', 'updated', 'deleted', 'status_changed'],
  filing: ['created', 'updated', 'deleted', 'status_changed'],
  distribution: ['created', 'updated', 'deleted', 'status_changed'],
  closure_step: ['created', 'updated', 'deleted', 'status_changed'],
  closure_request: ['created', 'updated', 'status_changed'],
  collaborator: ['created', 'updated', 'deleted', 'status_changed'],
  search: ['created', 'updated', 'status_changed'],
  phone_call: ['created', 'updated', 'deleted', 'status_changed'],
  email: ['created', 'deleted', 'status_changed'],
  fax: ['created', 'updated', 'status_changed'],
  transfer: ['created', 'status_changed'],
  notarization: ['created', 'updated', 'status_changed'],
  webhook_endpoint: ['created', 'updated', 'deleted', 'ping'],
  pro_user: ['created', 'updated', 'status_changed'],
  goal: ['created', 'updated', 'deleted', 'status_changed'],
  unclaimed_property: ['created', 'updated', 'deleted', 'status_changed'],
  accounting: ['created', 'deleted'],
};

/** The tags' descriptions as the document had them when they were a table of the kernel. */
const TAG_DESCRIPTIONS: Record<string, unknown> = {
  cases: 'Estate cases: one per person who died, owned by the organization that opened it. Creating a case may nest the deceased and the authority.',
  deceased: 'The person who died: identity, dates, address. The SSN is accepted in full and always returned masked.',
  documents: 'Files of a case (PDF, JPEG, PNG, TIFF up to 25 MiB): multipart upload, download with digests, signed links.',
  authority: 'The authority to act for the estate: its level and the grounds it rests on.',
  executor:
    'The executor (personal representative): appointment, letters, bond, IRS Form 56. The SSN is accepted in full and always returned masked; ' +
    '`identity_status` follows their newest identity verification.',
  ein: "The estate's employer identification number: the Form SS-4 application and the number the IRS assigns, always returned masked.",
  'identity-verifications': expect.stringMatching(/^Verifications of the deceased [^]*\*\*Test values\.\*\*[^]*\| `0000` \| `failed`: `identity_mismatch` for the executor, `no_death_record` for the deceased \|/),
  persons: 'Heirs, beneficiaries and other people involved in the estate.',
  debts: 'Debts of the deceased and the collections among them.',
  'institution-contacts': "Contacts at the institutions that hold the estate's accounts.",
  'bank-accounts': 'Bank accounts of the deceased, their transactions, recurring payments, signers, statements and beneficiaries.',
  'financial-accounts': 'Accounts of the deceased that none of the specific kinds fits (annuities, payment apps, safe deposit boxes…), and their beneficiaries.',
  'real-estate-valuations': 'Real estate and its valuations.',
  vehicles: 'Vehicles and what becomes of them.',
  'real-estate-properties': 'Real estate of the deceased: title and ownership, mortgage and liens, sale, and its newest completed valuation.',
  businesses: "The deceased's interests in businesses: ownership, value of the interest, succession and sale. The EIN is always returned masked.",
  'investment-accounts': 'Investment accounts and their transfer.',
  'retirement-accounts': 'Retirement accounts and their distribution.',
  'life-insurance': 'Life insurance policies and their beneficiaries.',
  probate: 'Probate deadlines and creditor claims.',
  closure: 'Closure steps and their sub-tasks, and closure requests: the automated closure of an account, made of five closure steps.',
  collaborators: 'Outside people invited onto one case, as owner, editor or viewer.',
  searches: expect.stringMatching(/^Searches for accounts, policies and property of the deceased[^]*\*\*Test values\.\*\*[^]*`ssn` ending `0000`/),
  // The tags of resources behind a simulator list its magic values, as test card numbers are listed.
  transfers: expect.stringMatching(/^Instant transfers out of the deceased's accounts into the estate account\.\n\n\*\*Test values\.\*\*[^]*`…0015` \| returned after settlement with `R15`/),
  'phone-calls': 'Calls to institutions.',
  emails: expect.stringMatching(/^E-mails to institutions and their delivery receipts\.\n\n\*\*Test values\.\*\*[^]*`bounce@…`/),
  faxes: expect.stringMatching(/^Faxes of documents of the case to institutions\.\n\n\*\*Test values\.\*\*[^]*`…0002` \| `failed` \(`invalid_number`\) straight from `queued`/),
  People: "The organization's members (pro users), their roles, invitations and `/v1/me`.",
  accounting: expect.stringMatching(/^The court accounting of the estate: /),
  notarizations: expect.stringMatching(/^Remote online notarizations of PDF documents of the case[^]*\*\*Test values\.\*\*[^]*`decline@…`[^]*`expire@…`/),
  goals: "The case's checklist: goals of the family or the executor, who they are assigned to and when they are due.",
  'unclaimed-property': "Money and property of the deceased held by a state's unclaimed-property program, and the claims made for it.",
  Webhooks: expect.stringMatching(/^Webhook endpoints: HTTPS addresses the service delivers events to/),
  // Tags of routes that serve no declared resource, described by their controllers (DescribedTag).
  events: expect.stringMatching(/^What changed, as events: /),
  inventory: expect.stringMatching(/^The inventory and appraisal of the estate: /),
  'probate reference': expect.stringMatching(/^Probate reference data shipped with the service: /),
};

/** The fields the specification always returns masked (the kernel masked these names anywhere before declarations). */
const SENSITIVE_NAMES = ['ssn', 'account_number', 'policy_number', 'vin'];

function fieldsAtAnyDepth(shape: BodyShape | null): string[] {
  if (!shape) return [];
  return [...shape.fields].flatMap(([field, nested]) => [field, ...fieldsAtAnyDepth(nested)]);
}

describe('the resource catalog, gathered from the declarations', () => {
  let app: INestApplication;
  let catalog: ResourceCatalog;

  beforeAll(async () => {
    const config = loadAppConfig({}, { databaseUrl: 'postgres://preview@127.0.0.1:1/preview', fieldEncryptionKey: Buffer.alloc(32), logLevel: 'silent' });
    app = await NestFactory.create(AppModule.register(config), { preview: true, logger: false, abortOnError: false });
    catalog = ResourceCatalog.of(app);
  });
  afterAll(() => app.close());

  it('knows exactly the events the resources with routes can emit, each under a key of §14.2', () => {
    const declared = Object.fromEntries(catalog.manifests.map((manifest) => [manifest.events.key, [...manifest.events.actions]]));
    expect(declared).toEqual(EXPECTED_ACTIONS);
    for (const key of Object.keys(declared)) expect(CONTRACT_KEYS).toContain(key);
  });

  it('derives the accepted types and patterns from them: *, {key}.*, and each possible type, nothing more', () => {
    const expected = [
      '*',
      ...Object.keys(EXPECTED_ACTIONS).map((key) => `${key}.*`),
      ...Object.entries(EXPECTED_ACTIONS).flatMap(([key, actions]) => actions.map((action) => `${key}.${action}`)),
    ];
    expect([...catalog.events.patterns].sort()).toEqual(expected.sort());
    for (const impossible of ['transaction.deleted', 'search.deleted', 'transfer.updated', 'transfer.deleted', 'email.updated', 'fax.deleted', 'collaborator.overdue', 'pro_user.deleted', 'deceased.deleted']) {
      expect({ impossible, accepted: catalog.events.accepts(impossible) }).toEqual({ impossible, accepted: false });
    }
    const statusChanging = Object.keys(EXPECTED_ACTIONS).filter((key) => catalog.events.tellsStatusChanges(key));
    expect(statusChanging.sort()).toEqual([
      'claim', 'closure_request', 'closure_step', 'collaborator', 'deadline', 'distribution', 'ein', 'email', 'fax', 'filing', 'goal', 'identity_verification', 'notarization', 'phone_call', 'pro_user',
      'probate_case', 'search', 'transfer', 'unclaimed_property',
    ]);
    // Unclaimed property's status is its claim_status (contract-extensions §14.2); every other key's is status.
    expect(Object.fromEntries(statusChanging.map((key) => [key, catalog.events.statusFieldOf(key)]))).toEqual(
      Object.fromEntries(statusChanging.map((key) => [key, key === 'unclaimed_property' ? 'claim_status' : 'status'])),
    );
  });

  it('describes the tags as their resources declare them', () => {
    expect(catalog.tagDescriptions).toEqual(TAG_DESCRIPTIONS);
  });

  it("serves the specification's thirty routes, as its endpoint table lists them", () => {
    expect(catalog.specificationRoutes.map((route) => route.number)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    const spec = resolve(__dirname, '../../shared/spec/interface-specification.md');
    if (!existsSync(spec)) return;
    const rows = readFileSync(spec, 'utf8')
      .split('\n')
      .map((line) => /^\| (\d+) \| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \|/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, number, method, path]) => ({ number: Number(number), method: method.toLowerCase(), path }));
    expect(rows).toHaveLength(30);
    expect(catalog.specificationRoutes).toEqual(rows);
  });

  it('registers every declared case resource, and each masks every sensitive field it has, at any depth', () => {
    const registered = new Set(catalog.manifests);
    for (const resource of declaredCaseResources()) {
      expect({ resource: resource.name, registered: registered.has(resource.manifest) }).toEqual({ resource: resource.name, registered: true });
      const stored = Object.entries(resource.schema.meta.properties as Record<string, { hidden?: boolean }>)
        .filter(([, property]) => !property.hidden)
        .map(([name]) => toSnakeCase(name));
      const fields = new Set([...stored, ...fieldsAtAnyDepth(resource.shape), ...(resource.view ? fieldsAtAnyDepth(shapeOf(resource.view)) : [])]);
      const sensitive = SENSITIVE_NAMES.filter((name) => fields.has(name));
      expect({ resource: resource.name, masked: [...resource.masked].sort() }).toEqual({ resource: resource.name, masked: expect.arrayContaining(sensitive) });
    }
    const deceased = catalog.manifests.find((manifest) => manifest.events.key === 'deceased');
    expect(deceased?.masked).toEqual(['ssn']);
  });
});
