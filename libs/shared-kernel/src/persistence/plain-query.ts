import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

interface PooledClient {
  query(config: { text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
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

  async rows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    this.client ??= (this.em.getConnection().getKnex() as unknown as { client: KnexClient }).client;
    const connection = await this.client.acquireConnection();
    try {
      return (await connection.query({ text, values })).rows as T[];
    } finally {
      await this.client.releaseConnection(connection);
    }
  }
}
