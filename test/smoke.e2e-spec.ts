import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { demoBanner, demoTokenFile, prepareDemo } from '../apps/api/src/demo/demo-data';
import { createTestApp, TestApp } from './support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates and reads a case', async () => {
    const caller = await t.invite();
    const created = await t.http().post('/v1/cases').set(caller.auth).send({ progress: 'just_started' }).expect(201);
    const read = await t.http().get(`/v1/cases/${created.body.data.id}`).set(caller.auth).expect(200);
    expect(read.body.data.progress).toBe('just_started');
  });

  describe('the demo of the embedded default', () => {
    let dataDir: string;
    let baseUrl: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'estate-demo-'));
      baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('keeps one demo token across restarts, in a file only its owner reads, and prints it each time', async () => {
      const tokenFile = demoTokenFile(dataDir);
      const first = await prepareDemo(t.app.get(EntityManager), baseUrl, { tokenFile });
      expect(readFileSync(tokenFile, 'utf8').trim()).toBe(first.token);
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      // A restart: the same token, still accepted, and the same demo case.
      const second = await prepareDemo(t.app.get(EntityManager), baseUrl, { tokenFile });
      expect(second).toEqual(first);
      await t.http().get(`/v1/cases/${first.caseId}`).set({ Authorization: `Bearer ${first.token}` }).expect(200);
      expect(demoBanner(second, baseUrl)).toContain(`Demo token (enterprise tier): ${first.token}`);
    });

    it('mints a new token when the kept one no longer works (a revoked token, a reset database), and keeps that one', async () => {
      const tokenFile = demoTokenFile(dataDir);
      writeFileSync(tokenFile, 'edk_not_a_token_anymore\n', { mode: 0o644 });
      const demo = await prepareDemo(t.app.get(EntityManager), baseUrl, { tokenFile });
      expect(demo.token).not.toBe('edk_not_a_token_anymore');
      expect(readFileSync(tokenFile, 'utf8').trim()).toBe(demo.token);
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      await t.http().get('/v1/cases').set({ Authorization: `Bearer ${demo.token}` }).expect(200);
    });
  });
});
