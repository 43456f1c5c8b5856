import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DueTransfer, TransferRepository } from '../../application/ports/transfer-repository.port';
import { Transfer } from '../../domain/transfer';
import { TransferEvent } from '../../domain/transfer-event';
import { ACTIVE_TRANSFER_STATUSES } from '../../domain/transfer-status';
import { TransferEventSchema, TransferSchema } from './transfer.schema';

const ACTIVE = ACTIVE_TRANSFER_STATUSES.map((status) => `'${status}'`).join(', ');

@Injectable()
export class OrmTransferRepository extends TransferRepository {
  constructor(private readonly em: EntityManager) {
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
    return this.em.findOne(TransferSchema, { caseId, id }, { refresh: options.lock === true });
  }

  async committedAmount(bankAccountId: string): Promise<number> {
    const rows = await this.em.execute<Array<{ total: string }>>(
      `select coalesce(sum(case when status = 'settled' then amount_settled else amount_requested end), 0) as total
         from transfers where bank_account_id = ? and status in (${ACTIVE}, 'settled')`,
      [bankAccountId],
    );
    return Number(rows[0].total);
  }

  async hasActive(bankAccountId: string): Promise<boolean> {
    const rows: unknown[] = await this.em.execute(`select 1 from transfers where bank_account_id = ? and status in (${ACTIVE}) limit 1`, [bankAccountId]);
    return rows.length > 0;
  }

  async activeCountOfCase(caseId: string): Promise<number> {
    const rows = await this.em.execute<Array<{ count: string }>>(`select count(*) as count from transfers where case_id = ? and status in (${ACTIVE})`, [caseId]);
    return Number(rows[0].count);
  }

  async nextTraceSequence(): Promise<number> {
    const rows = await this.em.execute<Array<{ value: string }>>(`select nextval('transfer_trace_seq') as value`);
    return Number(rows[0].value);
  }

  async dueCandidates(now: Date, limit: number): Promise<DueTransfer[]> {
    const rows = await this.em.execute<Array<{ id: string; case_id: string }>>(
      'select id, case_id from transfers where next_step_at <= ? order by next_step_at, id limit ?',
      [now.toISOString(), limit],
    );
    return rows.map((row) => ({ id: row.id, caseId: row.case_id }));
  }

  async claim(candidate: DueTransfer, now: Date): Promise<Transfer | null> {
    const held: unknown[] = await this.em.execute('select id from cases where id = ? for no key update skip locked', [candidate.caseId]);
    if (held.length === 0) return null;
    const claimed: unknown[] = await this.em.execute(
      'select id from transfers where id = ? and next_step_at <= ? for update skip locked',
      [candidate.id, now.toISOString()],
    );
    if (claimed.length === 0) return null;
    return this.em.findOne(TransferSchema, { id: candidate.id }, { refresh: true });
  }

  eventsOf(transferId: string): Promise<TransferEvent[]> {
    return this.em.find(TransferEventSchema, { transferId }, { orderBy: { sequence: 'asc' } });
  }
}
