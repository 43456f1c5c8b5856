import { Logger } from '@nestjs/common';
import { guardBatchSettlement } from './batch-settlement-guard';

const plans = require('pg-boss/src/plans') as { completeJobs(schema: string): string; failJobsById(schema: string): string; insertJob(schema: string): string };

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
});
