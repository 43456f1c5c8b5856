import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { AppConfig, CaseResource, CaseResourceReader, Clock, EventOutbox, InjectResource, JobQueue, runAsSystem, UnitOfWork } from '@estate/shared-kernel';
import { LiveCases } from '@estate/case';
import { ProbateDeadline } from '../domain/probate-deadline';

const DEADLINE_EVENTS_QUEUE = 'deadline-events';

type ScheduledType = 'deadline.reminder' | 'deadline.overdue';

interface DueEvent {
  id: string;
  case_id: string;
  due_date: string;
  type: ScheduledType;
}

/**
 * Contract §14.2's scheduled events: `deadline.reminder` on `due_date − reminder_days_before` for a deadline still
 * upcoming, `deadline.overdue` the day after `due_date` for one neither completed nor waived. A cron job of the queue
 * (`deadline-events`, every `EVENT_SCHEDULER_INTERVAL_MS` rounded to whole minutes, and once at start-up, so days missed
 * while the service was down catch up). Each event is sent once per deadline and due date (a rescheduled deadline is
 * reminded again): the outbox's once-key makes a second insert, from this run or another, a no-op.
 */
@Injectable()
export class DeadlineEventScheduler implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    @InjectResource('probate deadline') private readonly deadlines: CaseResource<ProbateDeadline>,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly cases: LiveCases,
  ) {}

  onModuleInit(): void {
    const minutes = Math.max(1, Math.round(this.config.eventSchedulerIntervalMs / 60_000));
    this.jobs.define({
      name: DEADLINE_EVENTS_QUEUE,
      enabled: true,
      cron: minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`,
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 600,
      handle: async () => void (await this.runOnce()),
    });
  }

  /** The catch-up run at start-up, as a job (so one process takes it, and only where scheduled work runs). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.jobs === 'off' || this.config.scheduler === 'off') return;
    await this.jobs.enqueue(DEADLINE_EVENTS_QUEUE, {}, { singletonKey: 'start-up' });
  }

  /** Emits what is due and not yet sent; answers how many events it wrote. */
  runOnce(): Promise<number> {
    return runAsSystem('scheduler', () => this.emitDue());
  }

  private async emitDue(): Promise<number> {
    const today = this.clock.today();
    const due = await this.em.fork().getConnection().execute<DueEvent[]>(
      `select d.id, d.case_id, to_char(d.due_date, 'YYYY-MM-DD') as due_date, t.type
         from probate_deadlines d
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
    // Only live cases are told (the case context's answer, one statement for the whole scan).
    const live = await this.cases.liveAmong(due.map((event) => event.case_id));
    let written = 0;
    for (const event of due) if (live.has(event.case_id) && (await this.emit(event))) written += 1;
    return written;
  }

  private emit(due: DueEvent): Promise<boolean> {
    return this.uow.run(async (em) => {
      // Read again inside the transaction: the deadline may have been completed or moved since the scan.
      const deadline = await em.findOne(this.deadlines.schema, { id: due.id, caseId: due.case_id }, { refresh: true });
      if (!deadline || !stillDue(deadline, due)) return false;
      const object = this.reader.view(this.deadlines, deadline);
      const emitted = await this.outbox.emit(em, { type: due.type, caseId: due.case_id, object, onceKey: `${due.type}:${due.id}:${due.due_date}` });
      return emitted !== undefined;
    });
  }
}

function stillDue(deadline: ProbateDeadline, due: DueEvent): boolean {
  return deadline.status === 'upcoming' && deadline.dueDate === due.due_date;
}
