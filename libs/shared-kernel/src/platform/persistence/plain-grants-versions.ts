import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { GrantsVersions } from '../auth/grants-versions';
import { plainRows } from './plain-query';

/** A cached principal's check (issue 33): its user's grants version now, by primary key, prepared. */
const GRANTS_VERSIONS = `select id, grants_version::text as grants_version from users where id = any($1::varchar[])`;

@Injectable()
export class PlainGrantsVersions extends GrantsVersions {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(userIds: string[]): Promise<Map<string, string>> {
    const rows = await plainRows<{ id: string; grants_version: string }>(this.em, GRANTS_VERSIONS, [userIds], { prepared: true });
    return new Map(rows.map((row) => [row.id, row.grants_version]));
  }
}
