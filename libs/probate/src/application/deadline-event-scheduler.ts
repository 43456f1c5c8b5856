import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, CaseResourceReader, Clock, EventOutbox, runAsSystem, UnitOfWork } from '@estate/shared-kernel';
import { ProbateDeadline } from '../domain/probate-deadline';
import { ProbateResources } from './probate-resources';

type ScheduledType = 'deadline.reminder' | 'deadline.overdue';

interface DueEvent {
  id: string;
  case_id: string;
  due_date: string;
  type: ScheduledType;
}

/**
 * Contract §14.2's scheduled events: `deadline.reminder` on `due_date − reminder_days_before` for a deadline still
 * upcoming, `deadline.overdue` the day after `due_date` for one neither completed nor waived. It runs at start-up and
 * every `EVENT_SCHEDULER_INTERVAL_MS`, so days missed while the service was down catch up. Each event is sent once per
 * deadline and due date (a rescheduled deadline is reminded again): the outbox's once-key makes a second insert, from
 * this process or another, a no-op. It also drops events older than `EVENT_RETENTION_DAYS`.
 */
@Injectable()
export class DeadlineEventScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeadlineEventScheduler');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly resources: ProbateResources,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.config.eventSchedulerIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One run unless one is still going; failures are logged and retried at the next interval. */
  tick(): Promise<unknown> {
    this.running ??= this.runOnce()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'scheduled events run failed; retried at the next interval'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Emits what is due and not yet sent; answers how many events it wrote. */
  runOnce(): Promise<number> {
    return runAsSystem('scheduler', () => this.emitDue());
  }

  private async emitDue(): Promise<number> {
    await this.purgeExpiredEvents();
    const today = this.clock.today();
    const due = await this.em.fork().getConnection().execute<DueEvent[]>(
      `select d.id, d.case_id, to_char(d.due_date, 'YYYY-MM-DD') as due_date, t.type
         from probate_deadlines d
         join cases c on c.id = d.case_id and c.deleted_at is null
         cross join lateral (
           select 'deadline.reminder' as type
            where d.reminder_days_before is not null and d.due_date >= ?::date and d.due_date - d.reminder_days_before <= ?::date
           union all
           select 'deadline.overdue' where d.due_date < ?::date
         ) t
        where d.status = 'upcoming'
          and not exists (select 1 from events e where e.once_key = t.type || ':' || d.id || ':' || to_char(d.due_date, 'YYYY-MM-DD'))
        order by d.due_date, d.id`,
      [today, today, today],
    );
    let written = 0;
    for (const event of due) if (await this.emit(event)) written += 1;
    return written;
  }

  private emit(due: DueEvent): Promise<boolean> {
    return this.uow.run(async (em) => {
      // Read again inside the transaction: the deadline may have been completed or moved since the scan.
      const deadline = await em.findOne(this.resources.deadlines.schema, { id: due.id, caseId: due.case_id }, { refresh: true });
      if (!deadline || !stillDue(deadline, due)) return false;
      const object = this.reader.view(this.resources.deadlines, deadline);
      const emitted = await this.outbox.emit(em, { type: due.type, caseId: due.case_id, object, onceKey: `${due.type}:${due.id}:${due.due_date}` });
      return emitted !== undefined;
    });
  }

  private async purgeExpiredEvents(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.eventRetentionDays * 86_400_000);
    await this.em.fork().getConnection().execute('delete from events where created_at < ?', [cutoff]);
  }
}

function stillDue(deadline: ProbateDeadline, due: DueEvent): boolean {
  return deadline.status === 'upcoming' && deadline.dueDate === due.due_date;
}
