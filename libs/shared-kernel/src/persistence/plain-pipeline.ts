import * as pg from 'pg';
import { Pool, PoolClient, Query, QueryResult } from 'pg';

/** How `pg` turns a parameter into its wire text (dates, arrays, buffers, JSON): the same mapper its own queries use. */
const prepareValue = (pg as unknown as { utils: { prepareValue: unknown } }).utils.prepareValue;

/** What runs a plain, parameterised read: the pool (`PlainQuery`) or statements sent together (`PlainPipeline`). */
export interface PlainReads {
  rows<T>(text: string, values: readonly unknown[], options?: { prepared?: boolean }): Promise<T[]>;
}

interface Waiting {
  text: string;
  values: unknown[];
  name: string | undefined;
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/** The parts of `pg`'s connection a submittable writes to (pg's own `Query` uses the same). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

type PgQuery = Query & {
  text: string;
  name?: string;
  values: unknown[];
  _result: { _types?: unknown };
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleError(error: Error, connection: WireConnection): void;
  handleReadyForQuery(connection: WireConnection): void;
};

/**
 * Several statements in one round trip (the extended protocol's pipelining): each statement's Parse (the first time
 * on this connection), Bind, Describe and Execute, then one Sync. `pg` runs one query at a time, so this is one
 * submittable for the client; each statement keeps its own `pg` query object, which parses its rows as usual. A failing
 * statement fails the batch (PostgreSQL skips the rest until the Sync); the connection is then discarded, so no
 * half-known prepared statement stays on it.
 */
class Pipelined {
  private current = 0;
  private done = false;

  constructor(
    private readonly queries: PgQuery[],
    private readonly finished: (error?: Error) => void,
  ) {}

  submit(connection: WireConnection): void {
    connection.stream.cork?.();
    try {
      for (const query of this.queries) {
        const name = query.name ?? '';
        if (name === '' || connection.parsedStatements[name] !== query.text) {
          connection.parse({ text: query.text, name, types: [] });
          if (name !== '') connection.parsedStatements[name] = query.text;
        }
        connection.bind({ portal: '', statement: name, values: query.values, binary: false, valueMapper: prepareValue });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleRowDescription(message: unknown): void {
    this.queries[this.current]?.handleRowDescription(message);
  }

  handleDataRow(message: unknown): void {
    this.queries[this.current]?.handleDataRow(message);
  }

  handleCommandComplete(message: unknown, connection: WireConnection): void {
    this.queries[this.current]?.handleCommandComplete(message, connection);
    this.current += 1;
  }

  handleEmptyQuery(): void {
    this.current += 1;
  }

  handlePortalSuspended(): void {
    // Never asked for: every Execute reads all rows.
  }

  handleError(error: Error, connection: WireConnection): void {
    if (this.done) return;
    this.done = true;
    for (const query of this.queries) query.handleError(error, connection);
    this.finished(error);
  }

  handleReadyForQuery(connection: WireConnection): void {
    if (this.done) return;
    this.done = true;
    for (const query of this.queries) query.handleReadyForQuery(connection);
    this.finished();
  }

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('no copy in a pipelined read');
  }

  handleCopyData(): void {}
}

/**
 * Statements added in the same tick travel together: one pooled connection, one round trip, each statement with its
 * own text and answer. For a read whose parts belong to different contexts (`GET /v1/cases/{case_id}`: the case row
 * and, through the searches context's port, its pending searches), so each context runs its own SQL and only data
 * crosses the port, at the cost of one round trip (issue 17). A statement added after the batch left starts another.
 */
export class PlainPipeline implements PlainReads {
  private waiting: Waiting[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly preparedName: (text: string) => string | undefined,
  ) {}

  rows<T>(text: string, values: readonly unknown[], options: { prepared?: boolean } = {}): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      const name = options.prepared ? this.preparedName(text) : undefined;
      if (this.waiting.length === 0) process.nextTick(() => void this.send(this.waiting.splice(0)));
      this.waiting.push({ text, values: [...values], name, resolve: resolve as (rows: unknown[]) => void, reject });
    });
  }

  private async send(batch: Waiting[]): Promise<void> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      for (const statement of batch) statement.reject(error as Error);
      return;
    }
    const types = (client as unknown as { _types?: unknown })._types;
    const queries = batch.map((statement) => {
      const query = new Query({
        text: statement.text,
        values: statement.values,
        ...(statement.name ? { name: statement.name } : {}),
        callback: (error: Error | null, result?: QueryResult) => (error ? statement.reject(error) : statement.resolve(result?.rows ?? [])),
      } as never) as PgQuery;
      if (!query._result._types) query._result._types = types;
      return query;
    });
    client.query(new Pipelined(queries, (error) => client.release(error)) as never);
  }
}
