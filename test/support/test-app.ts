import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { AppConfig, loadAppConfig, OrgRole, Tier } from '@estate/shared-kernel';
import { OperatorEnrolment } from '@estate/people';
import { createApp } from '../../apps/api/src/create-app';
import { cloneTemplateDatabase, dropDatabase, TEST_TEMPLATE_ENV, withAdminClient } from './test-database';
import { Client } from 'pg';
import { overrideEnv } from './env';
import { runDocument, runValidators } from './run-openapi';
import { formatViolations, OpenApiResponses, recordResponseViolations, takeResponseViolations } from './openapi-responses';

export interface TestCaller {
  token: string;
  organizationId: string;
  userId: string;
  auth: { Authorization: string };
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  databaseUrl: string;
  /** supertest bound to the running app */
  http: () => ReturnType<typeof request>;
  /** invites a user into a new (or named) organization and returns its bearer token */
  invite(tier?: Tier, organizationName?: string): Promise<TestCaller>;
  /** a new active user of `of`'s organization with this role (contract-extensions §13.2), with its bearer token */
  join(of: TestCaller, role: OrgRole): Promise<TestCaller>;
  /** runs SQL against this file's own database (to assert on stored state) */
  sql<T extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  rateLimits?: Partial<Record<Tier, number>>;
  /**
   * Failed authentications per address and minute before 429 (contract §2). Off unless a suite asks: every suite
   * calls from 127.0.0.1 and they share the machine's Redis, so one suite's 401s would turn another's into 429s.
   */
  authFailureLimit?: number;
  /**
   * Requests per address and minute to the invitation routes (contract-extensions §13.4). Off unless a suite asks,
   * for the same reason as `authFailureLimit`.
   */
  invitationRateLimit?: number;
  /** Requests per address and minute to the signed download links (off unless a suite asks, as above). */
  downloadRateLimit?: number;
}

/** The served OpenAPI document's response checker of this test file (one compile per file). */
let responses: OpenApiResponses | undefined;

/**
 * The real application on a database of this test file's own (cloned from the migrated template). Nothing is
 * mocked: requests go through every guard, interceptor and filter to PostgreSQL.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const template = process.env[TEST_TEMPLATE_ENV] as string;
  const name = `${template.replace('estate_template_', 'estate_test_')}_${randomBytes(5).toString('hex')}`;
  const databaseUrl = await cloneTemplateDatabase(name);
  const config = loadAppConfig(
    { ...process.env, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    { databaseUrl, fieldEncryptionKey: randomBytes(32), rateLimits: options.rateLimits, logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', authFailureLimit: options.authFailureLimit ?? 0, invitationRateLimit: options.invitationRateLimit ?? 0, downloadRateLimit: options.downloadRateLimit ?? 0 },
  );
  const app = await createApp(config);
  // Listening once on an ephemeral port: supertest would otherwise start a listener per request, which breaks under
  // many concurrent requests (ECONNRESET).
  await app.listen(0, '127.0.0.1');
  // Every response is checked against the OpenAPI document (test/support/openapi-responses.ts); a disagreement fails
  // the test that caused it (response-violations.setup.ts) or, at the latest, close().
  responses ??= new OpenApiResponses(runDocument(), runValidators());
  recordResponseViolations(app.getHttpServer(), responses);
  const sqlClient = new Client({ connectionString: databaseUrl });
  await sqlClient.connect();
  let invited = 0;

  return {
    app,
    config,
    databaseUrl,
    http: () => request(app.getHttpServer()),
    async invite(tier: Tier = 'enterprise', organizationName?: string) {
      invited += 1;
      const identity = new OperatorEnrolment(app.get(EntityManager).fork());
      const email = `user${invited}-${randomBytes(4).toString('hex')}@example.test`;
      const invitation = await identity.invite(email, tier, organizationName ?? `org-${randomBytes(6).toString('hex')}`);
      return {
        token: invitation.token,
        organizationId: invitation.organization_id,
        userId: invitation.user_id,
        auth: { Authorization: `Bearer ${invitation.token}` },
      };
    },
    async join(of: TestCaller, role: OrgRole) {
      invited += 1;
      const [organization] = (await sqlClient.query('select name, tier from organizations where id = $1', [of.organizationId])).rows as Array<{ name: string; tier: Tier }>;
      const identity = new OperatorEnrolment(app.get(EntityManager).fork());
      const email = `${role}${invited}-${randomBytes(4).toString('hex')}@example.test`;
      const invitation = await identity.invite(email, organization.tier, organization.name, role);
      return { token: invitation.token, organizationId: invitation.organization_id, userId: invitation.user_id, auth: { Authorization: `Bearer ${invitation.token}` } };
    },
    async sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      return (await sqlClient.query(text, params)).rows as T[];
    },
    async close() {
      await sqlClient.end();
      await app.close();
      await dropDatabase(name);
      const violations = takeResponseViolations();
      if (violations.length > 0) throw new Error(`responses that disagree with the OpenAPI document:\n${formatViolations(violations)}`);
    },
  };
}

export { withAdminClient };

/**
 * A describe block on an app of its own, with `env` set while it runs. `build` is given the app (once it runs) and
 * makes the block's checks at once, so that what cannot be built fails before any app starts.
 */
export function describeOnAppOfItsOwn(title: string, env: Record<string, string | undefined> | undefined, build: (app: () => TestApp) => () => void): void {
  let t: TestApp | undefined;
  const checks = build(() => t!);
  describe(title, () => {
    let restoreEnv: () => void = () => undefined;
    beforeAll(async () => {
      if (env) restoreEnv = overrideEnv(env);
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
      restoreEnv();
    });
    checks();
  });
}
