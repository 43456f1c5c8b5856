import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords, ListPage, ListQuery, PlainQuery, runListQuery } from '@estate/shared-kernel';
import { AccountingStore, SettledHead } from '../../application/ports/accounting-store.port';
import type { Counted } from '../../domain/accounting-period';
import type { PropertyRef } from '../../domain/property-refs';
import type { AccountingSummaryRecord, SettledAccountingRecord } from '../../resources/settled-accounting-record';
import { AccountingSummaryRowSchema, SettledAccountingSchema } from './accounting.schemas';

const HEADS = `select id, sequence, from_date::text as from_date, to_date::text as to_date, is_final, counted, summary from accountings where case_id = $1 order by sequence`;

/** Whether the latest accounting's ending property holds the record (`@>` on its lines: kind and id). */
const LATEST_CARRYING = `
  select sequence, (document->'schedules'->'property_on_hand_end'->'lines')::jsonb @> $2::jsonb as carries
    from accountings where case_id = $1 order by sequence desc limit 1`;

/** The settled accountings through MikroORM (inserts, whole reads) and plain statements (heads, the veto's look-up). */
@Injectable()
export class OrmAccountingStore extends AccountingStore {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: PlainQuery,
  ) {
    super();
  }

  async headsOf(caseId: string): Promise<SettledHead[]> {
    const rows = await this.sql.rows<{ id: string; sequence: number; from_date: string; to_date: string; is_final: boolean; counted: Counted; summary: SettledHead['summary'] }>(HEADS, [caseId], {
      prepared: true,
    });
    return rows.map((row) => ({ id: row.id, sequence: row.sequence, from: row.from_date, to: row.to_date, isFinal: row.is_final, counted: row.counted, summary: row.summary }));
  }

  async bySequence(caseId: string, sequence: number): Promise<SettledAccountingRecord | null> {
    const [found] = await findRecords(this.em, SettledAccountingSchema, [{ caseId, sequence }]);
    return found ?? null;
  }

  async add(accounting: SettledAccountingRecord): Promise<void> {
    this.em.persist(this.em.create(SettledAccountingSchema, accounting));
    await this.em.flush();
  }

  async remove(accounting: Pick<SettledAccountingRecord, 'caseId' | 'id'>): Promise<void> {
    await this.em.nativeDelete(SettledAccountingSchema, { caseId: accounting.caseId, id: accounting.id });
  }

  list(caseId: string, query: ListQuery): Promise<ListPage<AccountingSummaryRecord>> {
    return runListQuery(this.em, AccountingSummaryRowSchema, { caseId }, query);
  }

  async latestCarrying(caseId: string, ref: PropertyRef): Promise<number | null> {
    const [latest] = await this.sql.rows<{ sequence: number; carries: boolean }>(LATEST_CARRYING, [caseId, JSON.stringify([{ kind: ref.kind, id: ref.id }])]);
    return latest?.carries ? latest.sequence : null;
  }

  async eraseCase(caseId: string): Promise<void> {
    await this.em.nativeDelete(SettledAccountingSchema, { caseId });
  }
}
