import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { TransferProcessor } from '@estate/transfers';
import { overrideEnv } from './support/env';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { eventually, WebhookReceiver } from './support/webhook-receiver';

const ROOT = resolve(__dirname, '..');
const CLIENT_SCRIPT = join(ROOT, 'scripts/openapi/integrator-quickstart.ts');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

type Node = Record<string, any>;

/**
 * The client script's face, as this test calls it. It is loaded with `require`: its types come from the `./schema`
 * generated at test time, so the project's own type check must not follow it (the first test compiles it instead).
 */
interface QuickstartScript {
  quickstartClient(baseUrl: string, token: string): unknown;
  runQuickstart(api: unknown, receiverUrl: string): Promise<{ secret: string; transferId: string; refusal: Node } & Record<string, string>>;
  transferOutcome(api: unknown, run: unknown): Promise<{ status: string; source: number | null; estate: number | null }>;
  describeEvent(event: unknown): string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { describeEvent, quickstartClient, runQuickstart, transferOutcome } = require('../scripts/openapi/integrator-quickstart') as QuickstartScript;

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
      const generated = spawnSync(bin('openapi-typescript'), [join(dir, 'openapi.json'), '--output', join(dir, 'schema.d.ts')], { encoding: 'utf8' });
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

      // The check can fail: a call the document does not allow (a value outside a field's enum) does not compile.
      writeFileSync(join(dir, 'wrong.ts'), "import { quickstartClient } from './integrator-quickstart';\nvoid quickstartClient('', '').POST('/v1/cases', { body: { progress: 'done_and_dusted' } });\n");
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['wrong.ts', 'integrator-quickstart.ts', 'schema.d.ts'] }));
      const refused = spawnSync(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
      expect(refused.status).not.toBe(0);
      expect(refused.stdout).toContain('done_and_dusted');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('runs the quick start: the transfer settles, and every delivery verifies and is what the webhooks section says', async () => {
    const api = quickstartClient(baseUrl, owner.token);
    const run = await runQuickstart(api, receiver.url('/webhooks'));
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
});
