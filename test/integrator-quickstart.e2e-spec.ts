import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { TransferProcessor } from '@estate/transfers';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { eventually, WebhookReceiver } from './support/webhook-receiver';
import { pdfBytes } from './support/document-files';
import { ACCOUNTING_CSV_HEADER } from '@estate/accounting';
import { INVENTORY_CSV_HEADER } from '@estate/assets';

const ROOT = resolve(__dirname, '..');
const CLIENT_SCRIPT = join(ROOT, 'scripts/openapi/integrator-quickstart.ts');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const TODAY = new Date().toISOString().slice(0, 10);

/** A port free on this machine now (the README's receiver listens on the one it is given). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

type Node = Record<string, any>;

/**
 * The client script's face, as this test calls it. It is loaded with `require`: its types come from the `./schema`
 * generated at test time, so the project's own type check must not follow it (the first test compiles it instead).
 */
interface QuickstartScript {
  quickstartClient(baseUrl: string, token: string): unknown;
  runQuickstart(api: unknown, receiverUrl: string): Promise<{ secret: string; transferId: string; refusal: Node } & Record<string, string>>;
  transferOutcome(api: unknown, run: unknown): Promise<{ status: string; source: number | null; estate: number | null }>;
  estatePapers(api: unknown, caseId: string, certificate: Blob, to: string): Promise<Node>;
  describeEvent(event: unknown): string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { describeEvent, estatePapers, quickstartClient, runQuickstart, transferOutcome } = require('../scripts/openapi/integrator-quickstart') as QuickstartScript;
const CLIENT_TYPES = join(ROOT, 'scripts/openapi/client-types.js');

/**
 * The README's integrator quick start, driven as an integrator would: a typed client generated from the document this
 * server serves (openapi-typescript, then `tsc --strict` over scripts/openapi/integrator-quickstart.ts), run with
 * openapi-fetch against the app — case, heir, accounts, a refused and an accepted transfer settled by the processor —
 * and a local receiver that verifies each delivery's Standard Webhooks signature and checks its payload against the
 * document's `webhooks` entry for its type.
 */
describe('the integrator quick start with a generated client (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let receiver: WebhookReceiver;
  let restoreEnv: () => void;
  let baseUrl: string;
  let served: Node;
  /** What the quick start made (the second test), for the tests after it. */
  let run: Awaited<ReturnType<QuickstartScript['runQuickstart']>>;

  beforeAll(async () => {
    // The embedded default allows loopback receivers; this app runs on a configured database, so it says so itself.
    restoreEnv = overrideEnv({ WEBHOOK_ALLOW_LOOPBACK: 'on', WEBHOOK_DISPATCHER: 'on', WEBHOOK_RETRY_SCHEDULE: '0,0', TRANSFER_PROCESSOR: 'off', TRANSFER_STEP_DELAY_MS: '0' });
    receiver = await new WebhookReceiver().start();
    t = await createTestApp();
    owner = await t.invite();
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    served = (await t.http().get('/v1/openapi.json').expect(200)).body as Node;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
    restoreEnv();
  });

  it('generates a typed client from the served /v1/openapi.json that compiles the quick start under tsc --strict', () => {
    const dir = mkdtempSync(join(tmpdir(), 'estate-quickstart-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(served));
      // openapi-typescript with its documented binary-as-Blob transform: an upload's `file` takes a Blob.
      const generated = spawnSync(process.execPath, [CLIENT_TYPES, join(dir, 'openapi.json'), join(dir, 'schema.d.ts')], { encoding: 'utf8' });
      expect({ status: generated.status, stderr: generated.status === 0 ? '' : generated.stderr }).toEqual({ status: 0, stderr: '' });
      copyFileSync(CLIENT_SCRIPT, join(dir, 'integrator-quickstart.ts'));
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        skipLibCheck: true,
        types: [],
        baseUrl: '.',
        paths: { 'openapi-fetch': [join(ROOT, 'node_modules/openapi-fetch')] },
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['integrator-quickstart.ts', 'schema.d.ts'] }));
      const compiled = spawnSync(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
      expect({ status: compiled.status, output: compiled.stdout }).toEqual({ status: 0, output: '' });

      // The check can fail: a call the document does not allow (a value outside a field's enum, a settled accounting
      // read as live, a sequence that is not a number, a file that is not a Blob) does not compile.
      const wrongs: Array<[string, string]> = [
        ["void quickstartClient('', '').POST('/v1/cases', { body: { progress: 'done_and_dusted' } });", 'done_and_dusted'],
        [
          "void quickstartClient('', '').GET('/v1/cases/{case_id}/accountings/{sequence}', { params: { path: { case_id: 'c', sequence: 1 } } }).then(({ data }) => { if (data) { const live: 'live' = data.data.status; void live; } });",
          '"live"',
        ],
        ["void quickstartClient('', '').GET('/v1/cases/{case_id}/accountings/{sequence}', { params: { path: { case_id: 'c', sequence: 'one' } } });", "'number'"],
        // A Blob, as openapi-fetch's Writable spells it out.
        ["void quickstartClient('', '').POST('/v1/cases/{case_id}/documents', { params: { path: { case_id: 'c' } }, body: { type: 'will', file: 'a file name' } });", 'readonly size: number'],
      ];
      // One compilation for all of them (each takes seconds): every line must have its own error.
      writeFileSync(join(dir, 'wrong.ts'), ["import { quickstartClient } from './integrator-quickstart';", ...wrongs.map(([line]) => line)].join('\n') + '\n');
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['wrong.ts', 'integrator-quickstart.ts', 'schema.d.ts'] }));
      const refused = spawnSync(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
      expect(refused.status).not.toBe(0);
      const errorsOf = (lineNumber: number) => refused.stdout.split('\n').filter((error) => error.includes(`wrong.ts(${lineNumber},`)).join('\n');
      wrongs.forEach(([line, named], index) => expect({ line, refused: errorsOf(index + 2).includes(named) }).toEqual({ line, refused: true }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('runs the quick start: the transfer settles, and every delivery verifies and is what the webhooks section says', async () => {
    const api = quickstartClient(baseUrl, owner.token);
    run = await runQuickstart(api, receiver.url('/webhooks'));
    // The refusal a client reads: the code, the rule with its figures, its reason and the reference's anchor.
    expect(run.refusal).toEqual({
      code: 'transfer_not_allowed',
      reason: 'rule',
      message: expect.stringContaining('amount 1801.00 exceeds the remaining max_transfer_amount (1800.00)'),
      docUrl: `${baseUrl}/v1/docs#error-transfer_not_allowed`,
    });
    expect(served.info.description).toContain('<a id="error-transfer_not_allowed"></a>');

    await t.app.get(TransferProcessor).drain();
    expect(await transferOutcome(api, run)).toEqual({ status: 'settled', source: 550, estate: 1250 });

    const settled = await eventually(
      () => receiver.at('/webhooks').map((hook) => ({ hook, event: new Webhook(run.secret).verify(hook.body, hook.headers as Record<string, string>) as Node })).find(({ event }) => event.type === 'transfer.status_changed' && event.data.object.status === 'settled'),
      10_000,
      'the transfer.status_changed delivery of the settlement',
    );
    expect(settled.event.data.object).toMatchObject({ id: run.transferId, status: 'settled', amount_settled: 1250 });
    expect(describeEvent(settled.event)).toBe(`transfer ${run.transferId} settled`);

    // Every delivery so far — ping, case, person, accounts, transfer moves — is signed with the endpoint's secret and
    // validates against the served document's `webhooks` entry for its type.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv, ['date', 'date-time', 'email', 'uri']);
    ajv.addSchema({ $id: 'openapi', components: served.components });
    const schemaErrors = (event: Node): unknown[] => {
      const entry = served.webhooks?.[event.type]?.post;
      if (!entry) return [`no webhooks entry for ${event.type}`];
      const ref = String(entry.requestBody.content['application/json'].schema.$ref);
      const validate = ajv.getSchema(`openapi${ref}`) ?? ajv.compile({ $ref: `openapi${ref}` });
      return validate(event) ? [] : (validate.errors ?? []);
    };
    const events = receiver.at('/webhooks').map((hook) => new Webhook(run.secret).verify(hook.body, hook.headers as Record<string, string>) as Node);
    const types = new Set(events.map((event) => event.type));
    for (const type of ['webhook_endpoint.ping', 'case.created', 'person.created', 'bank_account.created', 'transfer.created', 'transfer.status_changed']) expect(types).toContain(type);
    for (const event of events) expect({ type: event.type, errors: schemaErrors(event) }).toEqual({ type: event.type, errors: [] });
    // The schema check can fail: a transfer event whose object is not a TransferView does not validate.
    expect(schemaErrors({ ...settled.event, data: { ...settled.event.data, object: { id: run.transferId } } })).not.toEqual([]);
    // And a delivery signed with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`).verify(settled.hook.body, settled.hook.headers as Record<string, string>)).toThrow();
  }, 60_000);

  it('reads the estate’s paperwork as each answer is typed: a Blob upload, the bytes, the inventory and the accounting in JSON, CSV and PDF', async () => {
    const api = quickstartClient(baseUrl, owner.token);
    const certificate = pdfBytes(1);
    const papers = await estatePapers(api, run.caseId, new Blob([new Uint8Array(certificate)], { type: 'application/pdf' }), TODAY);

    // The Blob went up as the multipart `file` part, and the same bytes come back, with the token and by the link.
    const stored = (await t.http().get(`/v1/cases/${run.caseId}/documents/${papers.documentId}`).set(owner.auth).expect(200)).body.data;
    expect(stored).toMatchObject({ type: 'death_certificate', title: 'Death certificate', content_type: 'application/pdf', size_bytes: certificate.length, file_name: 'death-certificate.pdf' });
    expect(Buffer.from(papers.downloaded).equals(certificate)).toBe(true);
    expect(Buffer.from(papers.linked).equals(certificate)).toBe(true);
    expect(papers.forgedLink).toBe('not_found');

    // The inventory, as JSON (its figures) and as CSV (its header row).
    const inventory = (await t.http().get(`/v1/cases/${run.caseId}/inventory`).set(owner.auth).expect(200)).body.data;
    expect(papers.inventoryNetEstate).toBe(inventory.totals.net_estate);
    expect(papers.inventoryCsv.split('\n')[0]).toBe(INVENTORY_CSV_HEADER.join(','));

    // The accounting: live as JSON (no id, no number), CSV and a PDF; then settled, read back by its number.
    expect(papers.live).toEqual({ status: 'live', from: '2026-08-20', computedAt: expect.any(String) });
    expect(papers.liveCsv.split('\n')[0]).toBe(ACCOUNTING_CSV_HEADER.join(','));
    expect(Buffer.from(await (papers.livePdf as Blob).arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(papers.settled).toEqual({ id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/), sequence: 1, status: 'settled', from: '2026-08-20', to: TODAY, createdBy: owner.userId });
    expect(Buffer.from(await (papers.settledPdf as Blob).arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const listed = (await t.http().get(`/v1/cases/${run.caseId}/accountings`).set(owner.auth).expect(200)).body.data;
    expect(listed.map((accounting: Node) => accounting.id)).toEqual([papers.settled.id]);
    // Settling the same period again says which accounting covers it and where the next one starts.
    expect(papers.retry).toEqual({ code: 'accounting_period_invalid', message: `accounting 1 already covers ${TODAY} (its period is 2026-08-20 to ${TODAY}); the next accounting starts on ${dayAfter(TODAY)}, so its to must be ${dayAfter(TODAY)} or later` });
  }, 60_000);

  it('the README’s webhook receiver, run as written, prints every delivery’s record: its own id, or the case of one that has none', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const code = /WEBHOOK_SECRET=whsec_\.\.\. node -e '\n([\s\S]*?)'\n/.exec(readme)?.[1];
    if (!code) throw new Error('the README has no `WEBHOOK_SECRET=whsec_... node -e` receiver');
    const port = await freePort();
    const endpoint = (await t.http().post('/v1/webhook-endpoints').set(owner.auth).send({ url: `http://127.0.0.1:${port}/webhooks`, enabled_events: ['*'] }).expect(201)).body.data;
    const child = spawn(process.execPath, ['-e', code.replace(/4000/g, String(port))], { cwd: ROOT, env: { ...process.env, WEBHOOK_SECRET: endpoint.secret }, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    try {
      await eventually(() => printed.includes('listening on'), 20_000, 'the README receiver to listen');
      // A case with records of their own id (the case, a person) and the one-per-case records that have none.
      const caseId = (
        await t
          .http()
          .post('/v1/cases')
          .set(owner.auth)
          .send({ deceased: { first_name: 'Ada', last_name: 'Okafor', date_of_death: '2026-08-20' }, authority: { level: 'level_2', types: ['executor_in_will'] } })
          .expect(201)
      ).body.data.id;
      const personId = (await t.http().post(`/v1/cases/${caseId}/persons`).set(owner.auth).send({ first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' }).expect(201)).body.data.id;
      for (const singleton of ['executor', 'probate', 'ein']) {
        const examples = served.paths[`/v1/cases/{case_id}/${singleton}`].put.requestBody.content['application/json'].examples as Node;
        await t.http().put(`/v1/cases/${caseId}/${singleton}`).set(owner.auth).send(Object.values(examples)[0].value).expect(201);
      }
      const named: Record<string, string> = {
        'case.created': caseId,
        'deceased.created': caseId,
        'authority.created': caseId,
        'person.created': personId,
        'executor.created': caseId,
        'probate_case.created': caseId,
        'ein.created': caseId,
      };
      const lines = await eventually(
        () => {
          const found = new Map(printed.split('\n').map((line) => line.split(' ')).filter((words) => words.length === 3).map(([, type, id]) => [type, id] as const));
          return Object.keys(named).every((type) => found.has(type)) && found;
        },
        20_000,
        'the README receiver to print every delivery of the new case',
      );
      for (const [type, id] of Object.entries(named)) expect({ type, printed: lines.get(type) }).toEqual({ type, printed: id });
      expect(printed).not.toContain('undefined');
    } finally {
      child.kill();
    }
  }, 60_000);
});
