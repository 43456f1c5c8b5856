import { Logger } from '@nestjs/common';
import { batchSettlementOf, guardBatchSettlement } from './batch-settlement-guard';

// pg-boss's own statements, as the pinned version builds them: the recognition is checked against the real texts.
type Plans = Record<'completeJobs' | 'failJobsById' | 'insertJob' | 'cancelJobs' | 'resumeJobs' | 'deleteJobs' | 'retryJobs' | 'failJobsByTimeout', (schema: string) => string> & {
  fetchNextJob(schema: string): (options: object) => string;
};
const plans = require('pg-boss/src/plans') as Plans;

describe('guardBatchSettlement', () => {
  const down = (_text: string, _values?: unknown[]): Promise<unknown> => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  const logger = { warn: jest.fn() } as unknown as Logger;

  it('answers "no job changed" when completing or failing jobs cannot reach the database', async () => {
    const db = { executeSql: jest.fn(down) };
    guardBatchSettlement(db, 'pgboss', logger);
    await expect(db.executeSql(plans.completeJobs('pgboss'), ['q', ['id'], null])).resolves.toEqual({ rows: [{ count: '0' }] });
    await expect(db.executeSql(plans.failJobsById('pgboss'), ['q', ['id'], null])).resolves.toEqual({ rows: [{ count: '0' }] });
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('lets every other statement fail, and passes answers through', async () => {
    const db = { executeSql: jest.fn(down) };
    guardBatchSettlement(db, 'pgboss', logger);
    await expect(db.executeSql('select 1')).rejects.toThrow('ECONNREFUSED');
    const up = { executeSql: jest.fn((_text: string, _values?: unknown[]): Promise<unknown> => Promise.resolve({ rows: [{ count: '3' }] })) };
    guardBatchSettlement(up, 'pgboss', logger);
    await expect(up.executeSql(plans.completeJobs('pgboss'), [])).resolves.toEqual({ rows: [{ count: '3' }] });
  });

  it("recognises exactly pg-boss's completing and failing of a batch among its statements that name jobs", () => {
    const settles = batchSettlementOf('pgboss');
    const texts = Object.fromEntries((['insertJob', 'cancelJobs', 'resumeJobs', 'deleteJobs', 'retryJobs', 'failJobsByTimeout'] as const).map((plan) => [plan, plans[plan]('pgboss')]));
    texts.fetchNextJob = plans.fetchNextJob('pgboss')({});
    const others = Object.entries(texts).map(([plan, text]) => [plan, settles(text)]);
    expect({ complete: settles(plans.completeJobs('pgboss')), fail: settles(plans.failJobsById('pgboss')), others }).toEqual({
      complete: true,
      fail: true,
      others: others.map(([plan]) => [plan, false]),
    });
    // Another schema's statements are not this queue's.
    expect(settles(plans.completeJobs('elsewhere'))).toBe(false);
  });
});
