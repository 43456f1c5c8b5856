import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config';
import { PgBossJobQueue } from './pg-boss-job-queue';

describe('PgBossJobQueue', () => {
  it('starts its pg-boss again on the next use after a start that failed (the database was unreachable)', async () => {
    // Nothing listens on port 1: pg-boss's start fails at its first statement.
    const config = { databaseUrl: 'postgres://nobody@127.0.0.1:1/none', jobs: 'off', scheduler: 'off', jobPollIntervalMs: 500 } as AppConfig;
    const orm = { em: { getEventManager: () => ({ registerSubscriber: () => undefined }) } } as unknown as MikroORM;
    const queue = new PgBossJobQueue(config, orm);
    const em = { getTransactionContext: () => undefined } as unknown as EntityManager;
    try {
      const first = await queue.enqueue(em, 'a-queue', {}).then(() => 'enqueued', (error: unknown) => error);
      const second = await queue.enqueue(em, 'a-queue', {}).then(() => 'enqueued', (error: unknown) => error);
      expect(String(first)).toMatch(/ECONNREFUSED/);
      expect(String(second)).toMatch(/ECONNREFUSED/);
      // A second attempt, not the first one's failure kept and answered again.
      expect(second).not.toBe(first);
    } finally {
      await queue.onApplicationShutdown();
    }
  });
});
