import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

interface PooledClient {
  query(config: { text: string; values: readonly unknown[]; name?: string }): Promise<{ rows: unknown[] }>;
}

export interface PlainQueryOptions {
  /**
   * A named prepared statement: PostgreSQL parses and plans the text once per pooled connection rather than on every
   * call (about half of the server's CPU for a primary-key read, issue 7). Only for a fixed text on a hot path — each
   * distinct text stays prepared on every connection of the pool.
   */
  prepared?: boolean;
}

/** Statement names by text; at most this many texts are prepared, the rest run unnamed. */
const MAX_PREPARED = 100;
const preparedNames = new Map<string, string>();

function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `estate_plain_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

interface KnexClient {
  acquireConnection(): Promise<PooledClient>;
  releaseConnection(connection: PooledClient): Promise<void>;
}

const clients = new WeakMap<object, KnexClient>();

/**
 * One hand-written, parameterised statement (`$1`, `$2`) on a connection of the ORM's own pool, for the hot read
 * paths (issue 7): no query builder, no identity map, no hydration — about a tenth of the CPU of `em.findOne`. Not for
 * writes, and not inside a transaction (it takes a pooled connection of its own): writes keep the unit of work.
 *
 * Dates, timestamps and intervals arrive as strings (the driver's type parsers, as for the ORM).
 */
export async function plainRows<T>(em: EntityManager, text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
  const connection = em.getConnection();
  let client = clients.get(connection);
  if (!client) {
    client = (connection.getKnex() as unknown as { client: KnexClient }).client;
    clients.set(connection, client);
  }
  const name = options.prepared ? preparedName(text) : undefined;
  const pooled = await client.acquireConnection();
  try {
    return (await pooled.query(name ? { text, values, name } : { text, values })).rows as T[];
  } finally {
    await client.releaseConnection(pooled);
  }
}

/** `plainRows` as an injectable, for the adapters of the contexts. */
@Injectable()
export class PlainQuery {
  constructor(private readonly em: EntityManager) {}

  rows<T>(text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
    return plainRows<T>(this.em, text, values, options);
  }
}
