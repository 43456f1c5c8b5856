import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../platform/clock/clock';
import { runAsSystem } from '../platform/context/request-scope';
import type { CaseRecord } from '../platform/domain/case-record';
import { ResourceEvents } from '../platform/events/resource-events';
import { JobQueue } from '../platform/jobs/job-queue';
import { ProviderSettings } from '../platform/jobs/provider-settings';
import { UnitOfWork } from '../platform/transactions/unit-of-work';
import type { CaseResource } from './case-resource';
import { CaseResourceReader } from './case-resource-reader';
import { subjectOf } from './record-writer';

/** A record an outside provider advances: its status, and when the provider is next to be asked (null: never again). */
export interface ProviderTrackedRecord extends CaseRecord {
  status: string;
  nextCheckAt: Date | null;
}

/** A step's job: the record, and the status the step starts from (a second run of it is then a no-op). */
export interface ProviderStepJob {
  [key: string]: string;
  id: string;
  status: string;
}

export interface ProviderStepsDefinition<T extends ProviderTrackedRecord> {
  /** The job queue's name (`fax-step`). */
  readonly queue: string;
  readonly resource: CaseResource<T>;
  /** Who the events name as the actor of the moves (`fax_processor`). */
  readonly actor: string;
  /** Steps a worker takes per poll. */
  readonly batchSize?: number;
  /**
   * Each step holds the record's case row (`for no key update`) before the record's: for an `advance` that writes
   * rows of the case beyond the record (the case row itself, say), in the service's lock order (case row, then the
   * resource's rows), so a step never waits on a request of the same case while holding what that request waits for.
   */
  readonly holdsCase?: boolean;
  /**
   * One provider call on the held, current record: changes it through its domain moves and answers whether anything
   * changed (false: nothing new, ask again later). A provider that cannot be reached is the record's own failure to
   * count (`nextProviderTry`); what it throws is a crash the queue retries. It runs in the step's transaction, which
   * is the ambient one: what it writes through the entity manager or a port joins it.
   */
  readonly advance: (record: T, now: Date) => Promise<boolean>;
}

/** A provider-advanced resource's steps: scheduled in the caller's transaction, run by the job queue. */
export interface ProviderStepQueue<T extends ProviderTrackedRecord> {
  /** Schedules the record's next step, `PROVIDER_STEP_DELAY_MS` after `now` or at `notBefore` if later. */
  schedule(record: Pick<T, 'id' | 'status'>, now: Date, notBefore?: Date | null): Promise<void>;
  /** Runs the due steps now, in this process (tests and tools, with `PROVIDER_PROCESSOR=off`); answers how many ran. */
  runDue(limit?: number): Promise<number>;
}

/** With nothing new from the provider, it is asked again after this long at the least. */
const RECHECK_MS = 1000;
/**
 * A step that crashed on every retry (a bug or an outage of our own, not the provider's) is tried again this much
 * later instead of being dropped: a record whose steps stopped would never reach a final status, nor expire.
 */
const AFTER_EXHAUSTED_MS = 10 * 60_000;

/**
 * Outside providers advance their records in the background (contract-extensions §11.4): no provider call runs in an
 * HTTP request. The route stores the record in its first status and schedules a step; each step is a job of the
 * resource's queue that holds the record's row, acts only if the record is still in the status the job was enqueued
 * for (a job run twice calls the provider once), tells the move as `{key}.status_changed` with the service as actor,
 * and schedules the next step in the same transaction. `PROVIDER_PROCESSOR=off` keeps a process from working them.
 */
@Injectable()
export class ProviderSteps {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly jobs: JobQueue,
    private readonly settings: ProviderSettings,
  ) {}

  /** Call from `onModuleInit`. */
  define<T extends ProviderTrackedRecord>(definition: ProviderStepsDefinition<T>): ProviderStepQueue<T> {
    this.jobs.define<ProviderStepJob>({
      name: definition.queue,
      enabled: this.settings.processor === 'on',
      parallel: true,
      batchSize: definition.batchSize ?? this.settings.batchSize,
      retryLimit: 5,
      retryDelaySeconds: 2,
      expireInSeconds: 120,
      handle: (job) => RequestContext.create(this.em, () => runAsSystem(definition.actor, () => this.step(definition, job))),
      onExhausted: (job) =>
        RequestContext.create(this.em, () =>
          this.uow.run(() => {
            const later = new Date(this.clock.now().getTime() + AFTER_EXHAUSTED_MS);
            return this.jobs.enqueue(definition.queue, job, { startAfter: later, singletonKey: job.id });
          }),
        ),
    });
    return {
      schedule: (record, now, notBefore) => this.schedule(definition.queue, record, now, notBefore),
      runDue: (limit = 50) => this.jobs.runDue(definition.queue, limit),
    };
  }

  private schedule(queue: string, record: { id: string; status: string }, now: Date, notBefore?: Date | null): Promise<void> {
    const afterDelay = now.getTime() + this.settings.stepDelayMs;
    const startAfter = new Date(Math.max(afterDelay, notBefore?.getTime() ?? 0));
    const job: ProviderStepJob = { id: record.id, status: record.status };
    return this.jobs.enqueue(queue, job, { startAfter, singletonKey: record.id });
  }

  private step<T extends ProviderTrackedRecord>(definition: ProviderStepsDefinition<T>, job: ProviderStepJob): Promise<void> {
    const { resource } = definition;
    return this.uow.run(async (em) => {
      const table = em.getMetadata().get(resource.schema).tableName;
      if (definition.holdsCase) {
        const [owner] = await em.execute<Array<{ case_id: string }>>(`select case_id from "${table}" where id = ?`, [job.id]);
        if (!owner) return;
        // A record of a deleted case is gone with it (the next read finds nothing): the hold's answer is not needed.
        await this.uow.holdLiveCase(em, owner.case_id);
      }
      await em.execute(`select id from "${table}" where id = ? for update`, [job.id]);
      const record = (await em.findOne(resource.schema, { id: job.id } as never, { refresh: true })) as T | null;
      if (!record || record.status !== job.status || record.nextCheckAt === null) return;
      const now = this.clock.now();
      const before = this.reader.view(resource, record);
      if (!(await definition.advance(record, now))) {
        // Nothing new: ask again later without touching the record's version (its ETag stays).
        await this.schedule(definition.queue, record, now, new Date(now.getTime() + RECHECK_MS));
        return;
      }
      record.updatedAt = now;
      await em.flush();
      await this.events.changed(em, subjectOf(resource, record), before, this.reader.view(resource, record));
      if (record.nextCheckAt !== null) await this.schedule(definition.queue, record, now, record.nextCheckAt);
    });
  }
}

/** What a provider processor tells the kernel of its steps: `ProviderStepsDefinition` less its `advance`, plus the first status. */
export type ProviderProcessorSteps<T extends ProviderTrackedRecord> = Omit<ProviderStepsDefinition<T>, 'advance'> & {
  /** The status a new record's first step starts from (`queued`). */
  readonly firstStatus: string;
  /** How a provider that cannot be reached is logged: the provider's noun (`fax`) and the field naming the record (`fax_id`). */
  readonly logAs: { readonly provider: string; readonly id: string };
};

/** What `callProvider` answers when the provider could not be reached. */
export const PROVIDER_UNREACHABLE = Symbol('provider unreachable');

/**
 * A resource's provider processor (the email delivery, the fax transmission, …): it names its steps and writes its one
 * provider call (`advance`); the queue's definition at start-up, the first step's scheduling and stepping by hand are
 * this class's, the same for every provider.
 */
export abstract class ProviderProcessor<T extends ProviderTrackedRecord> implements OnModuleInit {
  private steps?: ProviderStepQueue<T>;
  private firstStatus = '';
  private logAs = { provider: 'the', id: 'id' };
  private readonly logger = new Logger(this.constructor.name);

  protected constructor(private readonly providerSteps: ProviderSteps) {}

  protected abstract describeSteps(): ProviderProcessorSteps<T>;

  /** One provider call on the held, current record (see `ProviderStepsDefinition.advance`). */
  protected abstract advance(record: T, now: Date): Promise<boolean>;

  onModuleInit(): void {
    const { firstStatus, logAs, ...steps } = this.describeSteps();
    this.firstStatus = firstStatus;
    this.logAs = logAs;
    this.steps = this.providerSteps.define<T>({ ...steps, advance: (record, now) => this.advance(record, now) });
  }

  /**
   * The provider's calls of one step: should they fail (the provider unreachable, or erring), the record is told
   * (`unreachable`: its back-off, or its failure once retries are spent) and only the error's class is logged, with the
   * record's id, since a provider's message may quote what it was sent.
   */
  protected async callProvider<R>(record: { id: string }, call: () => Promise<R>, unreachable: () => void): Promise<R | typeof PROVIDER_UNREACHABLE> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn({ [this.logAs.id]: record.id, error: error instanceof Error ? error.name : typeof error }, `${this.logAs.provider} provider unreachable; will retry`);
      unreachable();
      return PROVIDER_UNREACHABLE;
    }
  }

  /** Schedules a new record's first step, in the transaction that stores it. */
  scheduleFirst(record: { id: string }, now: Date): Promise<void> {
    return this.defined().schedule({ id: record.id, status: this.firstStatus }, now);
  }

  /** Runs the due steps now (at most `limit`); answers how many jobs ran. */
  processDue(limit = 50): Promise<number> {
    return this.defined().runDue(limit);
  }

  private defined(): ProviderStepQueue<T> {
    if (!this.steps) throw new Error(`${this.constructor.name} is used before its module started`);
    return this.steps;
  }
}
