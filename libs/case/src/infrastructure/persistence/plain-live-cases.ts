import { Injectable } from '@nestjs/common';
import { CaseOwnership, PlainQuery } from '@estate/shared-kernel';
import { LiveCases } from '../../application/ports/live-cases.port';

const LIVE_AMONG = 'select id from cases where id = any($1::varchar[]) and deleted_at is null';

/**
 * `LiveCases` over the kernel's `CaseOwnership` binding (its in-memory owners, dropped when a case is deleted) and one
 * plain statement for a batch: whatever a case already known to live needs no round trip.
 */
@Injectable()
export class PlainLiveCases extends LiveCases {
  constructor(
    private readonly ownership: CaseOwnership,
    private readonly sql: PlainQuery,
  ) {
    super();
  }

  async ownerOf(caseId: string): Promise<string | null> {
    return (await this.ownership.organizationOf(caseId)) ?? null;
  }

  async isLive(caseId: string): Promise<boolean> {
    return (await this.ownerOf(caseId)) !== null;
  }

  async liveAmong(caseIds: readonly string[]): Promise<ReadonlySet<string>> {
    const live = new Set<string>();
    const unknown: string[] = [];
    for (const caseId of new Set(caseIds)) {
      if (this.ownership.knownOrganizationOf(caseId) !== undefined) live.add(caseId);
      else unknown.push(caseId);
    }
    if (unknown.length === 0) return live;
    for (const row of await this.sql.rows<{ id: string }>(LIVE_AMONG, [unknown])) live.add(row.id);
    return live;
  }

  holdForWrite(caseId: string): Promise<boolean> {
    return this.ownership.holdForWrite(caseId);
  }
}
