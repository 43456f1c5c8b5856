import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config';
import { PgBossJobQueue } from './pg-boss-job-queue';

describe('PgBossJobQueue', () => {
  it('starts its pg-boss again on the next use after a start that failed (the database was unreachable)', async () => {
    // Nothing listens on port 1: pg-boss's start fails at its first statement.
    const config = { databaseUrl: 'postgres://nobody@127.0.0.1:1/none', jobs: 'off', scheduler: 'off', jobPollIntervalMs: 500 } as AppConfig;
    const em = { getEventManager: () => ({ registerSubscriber: () => undefined }), getTransactionContext: () => undefined } as unknown as EntityManager;
    const queue = new PgBossJobQueue(config, em);
    try {
      const first = await queue.enqueue('a-queue', {}).then(() => 'enqueued', (error: unknown) => error);
      const second = await queue.enqueue('a-queue', {}).then(() => 'enqueued', (error: unknown) => error);
      expect(String(first)).toMatch(/ECONNREFUSED/);
      expect(String(second)).toMatch(/ECONNREFUSED/);
      // A second attempt, not the first one's failure kept and answered again.
      expect(second).not.toBe(first);
    } finally {
      await queue.onApplicationShutdown();
    }
  });
});
