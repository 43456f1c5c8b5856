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

/**
 * One hand-written, parameterised statement (`$1`, `$2`) on a connection of the ORM's own pool, for the hot read
 * paths (issue 7): no query builder, no identity map, no hydration — about a tenth of the CPU of `em.findOne`. Not for
 * writes, and not inside a transaction (it takes a pooled connection of its own): writes keep the unit of work.
 *
 * Dates, timestamps and intervals arrive as strings (the driver's type parsers, as for the ORM).
 */
@Injectable()
export class PlainQuery {
  private client?: KnexClient;

  constructor(private readonly em: EntityManager) {}

  async rows<T>(text: string, values: readonly unknown[], options: PlainQueryOptions = {}): Promise<T[]> {
    this.client ??= (this.em.getConnection().getKnex() as unknown as { client: KnexClient }).client;
    const name = options.prepared ? preparedName(text) : undefined;
    const connection = await this.client.acquireConnection();
    try {
      return (await connection.query(name ? { text, values, name } : { text, values })).rows as T[];
    } finally {
      await this.client.releaseConnection(connection);
    }
  }
}
