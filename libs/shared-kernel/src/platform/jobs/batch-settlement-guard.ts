import type { Logger } from '@nestjs/common';

// pg-boss's own statements, as it builds them (the package is pinned; the schema they run on is frozen in a migration).
const plans = require('pg-boss/src/plans') as { completeJobs(schema: string): string; failJobsById(schema: string): string };

interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * pg-boss 10 completes (or fails) a worker's batch without awaiting the statement (`work` → `onFetch` in
 * src/manager.js; timgit/pg-boss#577). With PostgreSQL unreachable that promise rejects with no handler, and Node ends
 * the process: every worker died the moment the database stopped under it. These two statements only settle jobs;
 * when one cannot run, the job stays `active`, expires and is run again (every handler tolerates running twice). So a
 * failure of either is logged and answered as "no job changed" instead of rejecting; every other statement fails as
 * before.
 */
export function guardBatchSettlement(db: SqlExecutor, schema: string, logger: Logger): void {
  const settling = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  const execute = db.executeSql.bind(db);
  db.executeSql = async (text: string, values?: unknown[]) => {
    try {
      return await execute(text, values);
    } catch (error) {
      if (!settling.has(text)) throw error;
      logger.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'could not settle jobs; they expire and run again');
      return { rows: [{ count: '0' }] };
    }
  };
}
