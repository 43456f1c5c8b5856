import type { Logger } from '@nestjs/common';

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
  const settles = batchSettlementOf(schema);
  const execute = db.executeSql.bind(db);
  db.executeSql = async (text: string, values?: unknown[]) => {
    try {
      return await execute(text, values);
    } catch (error) {
      if (!settles(text)) throw error;
      logger.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'could not settle jobs; they expire and run again');
      return { rows: [{ count: '0' }] };
    }
  };
}

/** The jobs of a batch, named by id: what both settling statements act on (pg-boss's `$2`). */
const BY_IDS = 'id IN (SELECT UNNEST($2::uuid[]))';

/**
 * Recognises pg-boss's two settling statements by their shape, as pg-boss 10 writes them (the package is pinned; the
 * spec checks this against the package's own statements): completing a batch (an UPDATE of the job table setting
 * `completed_on` and the completed state) and failing one (the DELETE of the batch's jobs that re-inserts them for a
 * retry). Every other statement, those that also name jobs by id (cancel, resume, delete, retry) included, is not one.
 * Verdicts are kept per text: pg-boss sends a handful of fixed texts.
 */
export function batchSettlementOf(schema: string): (text: string) => boolean {
  const completing = `UPDATE ${schema}.job SET completed_on = now(), state = 'completed'`;
  const failing = `WITH deleted_jobs AS ( DELETE FROM ${schema}.job WHERE name = $1 AND ${BY_IDS}`;
  const verdicts = new Map<string, boolean>();
  return (text) => {
    let verdict = verdicts.get(text);
    if (verdict === undefined) {
      const flat = text.replace(/\s+/g, ' ');
      verdict = flat.includes(BY_IDS) && (flat.includes(completing) || flat.includes(failing));
      if (verdicts.size < 100) verdicts.set(text, verdict);
    }
    return verdict;
  };
}
