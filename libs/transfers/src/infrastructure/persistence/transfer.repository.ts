import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ListPage, ListQuery, RecordFields, runListQuery } from '@estate/shared-kernel';
import { LiveCases } from '@estate/case';
import { ActiveTransferRef, OverdueTransfer, TransferRepository } from '../../application/ports/transfer-repository.port';
import { Transfer } from '../../domain/transfer';
import { TransferEvent } from '../../domain/transfer-event';
import { ACTIVE_TRANSFER_STATUSES } from '../../domain/transfer-status';
import { transferResource } from '../../resources/transfer.resource';
import { TransferEventSchema } from './transfer.schema';

const ACTIVE = ACTIVE_TRANSFER_STATUSES.map((status) => `'${status}'`).join(', ');

@Injectable()
export class OrmTransferRepository extends TransferRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cases: LiveCases,
  ) {
    super();
  }

  async save(transfer: Transfer): Promise<void> {
    // The transfer first: its events reference it (the mapping has no relation to order the inserts by).
    this.em.persist(transfer);
    await this.em.flush();
    const events = transfer.takeEvents();
    if (events.length === 0) return;
    for (const event of events) this.em.persist(event);
    await this.em.flush();
  }

  async load(caseId: string, id: string, options: { lock?: boolean } = {}): Promise<Transfer | null> {
    if (options.lock) {
      const rows: unknown[] = await this.em.execute('select id from transfers where case_id = ? and id = ? for update', [caseId, id]);
      if (rows.length === 0) return null;
    }
    return this.em.findOne(transferResource.schema, { caseId, id }, { refresh: options.lock === true });
  }

  async inFlightAmount(bankAccountId: string): Promise<number> {
    const rows = await this.em.execute<Array<{ total: string }>>(
      `select coalesce(sum(amount_requested), 0) as total from transfers where bank_account_id = ? and status in (${ACTIVE})`,
      [bankAccountId],
    );
    return Number(rows[0].total);
  }

  async hasActive(bankAccountId: string): Promise<boolean> {
    const rows: unknown[] = await this.em.execute(`select 1 from transfers where bank_account_id = ? and status in (${ACTIVE}) limit 1`, [bankAccountId]);
    return rows.length > 0;
  }

  async activeNaming(bankAccountId: string): Promise<ActiveTransferRef | null> {
    const rows = await this.em.execute<ActiveTransferRef[]>(
      `select id, status from transfers where (bank_account_id = ? or estate_account_id = ?) and status in (${ACTIVE}) order by id limit 1`,
      [bankAccountId, bankAccountId],
    );
    return rows[0] ?? null;
  }

  async activeCountOfCase(caseId: string): Promise<number> {
    const rows = await this.em.execute<Array<{ count: string }>>(`select count(*) as count from transfers where case_id = ? and status in (${ACTIVE})`, [caseId]);
    return Number(rows[0].count);
  }

  byId(transferId: string): Promise<Transfer | null> {
    return this.em.findOne(transferResource.schema, { id: transferId }, { refresh: true });
  }

  async nextTraceSequence(): Promise<number> {
    const rows = await this.em.execute<Array<{ value: string }>>(`select nextval('transfer_trace_seq') as value`);
    return Number(rows[0].value);
  }

  async overdue(dueBefore: Date, limit: number): Promise<OverdueTransfer[]> {
    return this.em.execute<OverdueTransfer[]>('select id, status from transfers where next_step_at < ? order by next_step_at, id limit ?', [dueBefore.toISOString(), limit]);
  }

  async holdForStep(transferId: string): Promise<Transfer | null> {
    const rows = await this.em.execute<Array<{ case_id: string }>>('select case_id from transfers where id = ?', [transferId]);
    if (rows.length === 0) return null;
    // The lock order: the case row (the case context holds it), then the transfer's. A transfer outlives its case (an
    // ACH return may come after the deletion); no write reaches a deleted case, so its step goes on without the hold.
    await this.cases.holdForWrite(rows[0].case_id);
    await this.em.execute('select id from transfers where id = ? for update', [transferId]);
    return this.em.findOne(transferResource.schema, { id: transferId }, { refresh: true });
  }

  trailOf(transferId: string, query: ListQuery): Promise<ListPage<RecordFields<TransferEvent>>> {
    return runListQuery(this.em, TransferEventSchema, { transferId }, query);
  }
}
