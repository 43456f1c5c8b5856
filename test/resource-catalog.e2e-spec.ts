import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { declaredCaseResources, loadAppConfig, ResourceCatalog, shapeOf, toSnakeCase } from '@estate/shared-kernel';
import type { BodyShape, ResourceManifest } from '@estate/shared-kernel';
import { AppModule } from '../apps/api/src/app.module';
import { apiDocument } from '../apps/api/src/api-document';

/**
 * What the kernel gathers from the resources' declarations at start-up (nothing of it is written in a kernel file):
 * the event types that can exist, the tags' descriptions, the specification's routes and the masked fields. The
 * application is built in preview mode, as the OpenAPI writer builds it: modules and controllers registered, nothing
 * connected. Nothing here lists the resources: what each may emit is derived from the routes it serves and from the
 * contract's event rules, so a new resource is checked without an edit to this file.
 */

/** Contract-extensions §14.2: the case-level and organization-level keys, as the contract words them. */
const CONTRACT_KEYS = [
  'case', 'deceased', 'authority', 'person', 'debt', 'institution_contact', 'bank_account', 'transaction', 'recurring_payment',
  'real_estate_valuation', 'vehicle', 'investment_account', 'retirement_account', 'life_insurance_policy', 'deadline', 'claim',
  'closure_step', 'closure_request', 'search', 'phone_call', 'email', 'transfer', 'probate_case', 'filing', 'executor', 'ein',
  'financial_account', 'account_beneficiary', 'signer', 'statement', 'document', 'goal', 'distribution', 'unclaimed_property',
  'real_estate_property', 'business', 'fax', 'notarization', 'identity_verification', 'collaborator', 'accounting', 'pro_user',
  'webhook_endpoint',
];
/** §14.2: the keys with `{key}.status_changed`. */
const STATUS_CHANGE_KEYS = [
  'transfer', 'claim', 'deadline', 'search', 'phone_call', 'email', 'closure_step', 'closure_request', 'probate_case', 'filing', 'ein',
  'distribution', 'unclaimed_property', 'goal', 'fax', 'notarization', 'identity_verification', 'collaborator', 'pro_user',
];
/** §14.2: the scheduled and single events, each the only one of its move. */
const SINGLE_EVENTS = ['deadline.reminder', 'deadline.overdue', 'webhook_endpoint.ping'];
/** §14.2 names these as types that do not exist. */
const IMPOSSIBLE_TYPES = ['transaction.deleted', 'search.deleted', 'transfer.updated', 'transfer.deleted'];

/** The tags of resources behind a simulator list its magic values, as test card numbers are listed. */
const SIMULATED_TAGS: Record<string, RegExp> = {
  'identity-verifications': /\| `0000` \| `failed`: `identity_mismatch` for the executor, `no_death_record` for the deceased \|/,
  searches: /`ssn` ending `0000`/,
  transfers: /`…0015` \| returned after settlement with `R15`/,
  emails: /`bounce@…`/,
  faxes: /`…0002` \| `failed` \(`invalid_number`\) straight from `queued`/,
  notarizations: /`decline@…`[^]*`expire@…`/,
};

/** The fields the specification always returns masked (the kernel masked these names anywhere before declarations). */
const SENSITIVE_NAMES = ['ssn', 'account_number', 'policy_number', 'vin'];

const CONTRACT = resolve(__dirname, '../../shared/design/contract-extensions.md');
const SPECIFICATION = resolve(__dirname, '../../shared/spec/interface-specification.md');

function fieldsAtAnyDepth(shape: BodyShape | null): string[] {
  if (!shape) return [];
  return [...shape.fields].flatMap(([field, nested]) => [field, ...fieldsAtAnyDepth(nested)]);
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Schema = { $ref?: string; type?: string; items?: Schema; properties?: Record<string, Schema>; allOf?: Schema[] };
type PathItem = Partial<Record<'get' | 'put' | 'post' | 'patch' | 'delete', Operation>>;

/** The component a successful response carries as `data` (or as the items of a `data` list). */
function dataSchemaOf(operation: Operation | undefined, status: string): { name?: string; list: boolean } {
  const data = operation?.responses?.[status]?.content?.['application/json']?.schema?.properties?.data;
  const ref = (schema: Schema | undefined) => (schema?.$ref ?? schema?.allOf?.[0]?.$ref)?.split('/').pop();
  return data?.type === 'array' ? { name: ref(data.items), list: true } : { name: ref(data), list: false };
}

/**
 * The created/updated/deleted events a resource's routes make possible (§14.2: "for every key whose resource the API
 * can create, change or delete"): its read-one paths are those a `GET` answers with its view (or a list of its view
 * leads to); `POST` on the collection or `PUT` creates, `PATCH` or `PUT` changes, a `DELETE` answering `204` deletes.
 */
function writeActionsOf(document: OpenAPIObject, manifest: ResourceManifest): string[] {
  const paths = document.paths as Record<string, PathItem>;
  const view = manifest.viewSchema;
  const onePaths = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    const read = dataSchemaOf(item.get, '200');
    if (read.name !== view) continue;
    if (!read.list) onePaths.add(path);
    else Object.keys(paths).filter((child) => /^\/\{\w+\}$/.test(child.slice(path.length)) && child.startsWith(path)).forEach((child) => onePaths.add(child));
  }
  const actions = new Set<string>();
  for (const path of onePaths) {
    const item = paths[path];
    const collection = paths[path.replace(/\/\{\w+\}$/, '')];
    if (item.put || (collection !== item && collection?.post?.responses?.['201'])) actions.add('created');
    if (item.patch || item.put) actions.add('updated');
    if (item.delete?.responses?.['204']) actions.add('deleted');
  }
  return [...actions];
}

describe('the resource catalog, gathered from the declarations', () => {
  let app: INestApplication;
  let catalog: ResourceCatalog;
  let document: OpenAPIObject;

  beforeAll(async () => {
    const config = loadAppConfig({}, { databaseUrl: 'postgres://preview@127.0.0.1:1/preview', fieldEncryptionKey: Buffer.alloc(32), logLevel: 'silent' });
    app = await NestFactory.create(AppModule.register(config), { preview: true, logger: false, abortOnError: false });
    catalog = ResourceCatalog.of(app);
    document = apiDocument(app, catalog);
  });
  afterAll(() => app.close());

  it("quotes §14.2 as the contract words it (when the contract is beside the checkout)", () => {
    if (!existsSync(CONTRACT)) return;
    const section = /### 14\.2 Event types([^]*?)### 14\.3/.exec(readFileSync(CONTRACT, 'utf8'))?.[1] ?? '';
    const codes = (text: string) => [...text.matchAll(/`([a-z_.]+)`/g)].map(([, code]) => code);
    const keys = /Case-level resource keys:([^]*?)- `\{key\}\.created`/.exec(section)?.[1] ?? '';
    expect(codes(keys.replace(/\(§16:[^)]*\)/, '')).sort()).toEqual([...CONTRACT_KEYS].sort());
    const statuses = /`\{key\}\.status_changed` exists for([^]*?)It fires/.exec(section)?.[1] ?? '';
    expect(codes(statuses.replace(/\(its `claim_status`\)/, '')).sort()).toEqual([...STATUS_CHANGE_KEYS].sort());
    expect(SINGLE_EVENTS.every((type) => section.includes(`\`${type}\``))).toBe(true);
    expect(codes(/So there is no([^]*?`)\./.exec(section)?.[1] ?? '')).toEqual(IMPOSSIBLE_TYPES);
  });

  it('serves every key of §14.2 and no other', () => {
    const declared = new Set(catalog.manifests.map((manifest) => manifest.events.key));
    expect([...declared].sort()).toEqual([...CONTRACT_KEYS].sort());
  });

  it("tells exactly the events its routes and §14.2's rules make possible", () => {
    for (const manifest of catalog.manifests) {
      const key = manifest.events.key;
      const expected = [
        ...writeActionsOf(document, manifest),
        ...(STATUS_CHANGE_KEYS.includes(key) ? ['status_changed'] : []),
        ...SINGLE_EVENTS.filter((type) => type.startsWith(`${key}.`)).map((type) => type.slice(key.length + 1)),
      ];
      expect({ key, actions: [...manifest.events.actions].sort() }).toEqual({ key, actions: expected.sort() });
    }
    // A key with no route of its own to create would emit nothing: each one can be created.
    for (const manifest of catalog.manifests) expect({ key: manifest.events.key, created: manifest.events.actions.includes('created') }).toEqual({ key: manifest.events.key, created: true });
  });

  it('derives the accepted types and patterns from them: *, {key}.*, and each possible type, nothing more', () => {
    const actions = new Map(catalog.manifests.map((manifest) => [manifest.events.key, manifest.events.actions]));
    const expected = ['*', ...[...actions.keys()].map((key) => `${key}.*`), ...[...actions].flatMap(([key, possible]) => possible.map((action) => `${key}.${action}`))];
    expect([...catalog.events.patterns].sort()).toEqual(expected.sort());
    for (const impossible of [...IMPOSSIBLE_TYPES, 'email.updated', 'fax.deleted', 'collaborator.overdue', 'pro_user.deleted', 'deceased.deleted', 'accounting.updated']) {
      expect({ impossible, accepted: catalog.events.accepts(impossible) }).toEqual({ impossible, accepted: false });
    }
    const statusChanging = [...actions.keys()].filter((key) => catalog.events.tellsStatusChanges(key));
    expect(statusChanging.sort()).toEqual([...STATUS_CHANGE_KEYS].sort());
    // Unclaimed property's status is its claim_status (contract-extensions §14.2); every other key's is status.
    expect(Object.fromEntries(statusChanging.map((key) => [key, catalog.events.statusFieldOf(key)]))).toEqual(
      Object.fromEntries(statusChanging.map((key) => [key, key === 'unclaimed_property' ? 'claim_status' : 'status'])),
    );
  });

  it('describes every tag its routes use, in sentences, and the simulated ones list their test values', () => {
    const used = new Set(
      Object.values(document.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((item) => Object.values(item).flatMap((operation) => operation.tags ?? [])),
    );
    for (const tag of used) {
      const description = catalog.tagDescriptions[tag];
      expect({ tag, described: typeof description === 'string' && /^[A-Z*][^]*[.|)]$/.test(description) }).toEqual({ tag, described: true });
    }
    for (const tag of Object.keys(catalog.tagDescriptions)) expect({ tag, used: used.has(tag) }).toEqual({ tag, used: true });
    for (const [tag, values] of Object.entries(SIMULATED_TAGS)) {
      expect(catalog.tagDescriptions[tag]).toMatch(/\*\*Test values\.\*\*/);
      expect(catalog.tagDescriptions[tag]).toMatch(values);
    }
    expect((document.tags ?? []).map((tag) => tag.name).sort()).toEqual([...used].sort());
  });

  it("serves the specification's thirty routes, as its endpoint table lists them", () => {
    expect(catalog.specificationRoutes.map((route) => route.number)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    if (!existsSync(SPECIFICATION)) return;
    const rows = readFileSync(SPECIFICATION, 'utf8')
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
