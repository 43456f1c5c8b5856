import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseOwnership } from '@estate/shared-kernel';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Binds the kernel's CaseOwnership port: a deleted case has no owner any more. */
@Injectable()
export class CaseOwnershipAdapter extends CaseOwnership {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async organizationOf(caseId: string): Promise<string | undefined> {
    if (!ULID.test(caseId)) return undefined;
    const rows: Array<{ organization_id: string }> = await this.em
      .getConnection()
      .execute('select organization_id from cases where id = ? and deleted_at is null', [caseId]);
    return rows[0]?.organization_id;
  }

  /** `for no key update`: conflicts with the same lock and with deletion, not with foreign-key checks of inserts. */
  async holdForWrite(caseId: string): Promise<boolean> {
    const rows: unknown[] = await this.em.execute('select id from cases where id = ? and deleted_at is null for no key update', [caseId]);
    return rows.length === 1;
  }
}
