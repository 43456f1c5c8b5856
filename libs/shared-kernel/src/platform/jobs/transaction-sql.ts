import type { EntityManager } from '@mikro-orm/postgresql';

/** What pg-boss calls to run its SQL on a connection of the caller's (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss writes PostgreSQL's numbered parameters (`$1`, used more than once); the ORM's connection takes knex's
 * positional `?`. Each `$n` becomes a `?` bound to the n-th value, so a job is written by the caller's own transaction.
 */
export function numberedToPositional(text: string, values: readonly unknown[]): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [];
  const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_, index: string) => {
    bindings.push(values[Number(index) - 1] ?? null);
    return '?';
  });
  return { sql, bindings };
}

/** Runs pg-boss's statements on `em`'s connection, inside its transaction when one is open. */
export function transactionSql(em: EntityManager): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const { sql, bindings } = numberedToPositional(text, values);
      const rows = await em.getConnection().execute(sql, bindings, 'all', em.getTransactionContext());
      return { rows: rows as unknown[] };
    },
  };
}
