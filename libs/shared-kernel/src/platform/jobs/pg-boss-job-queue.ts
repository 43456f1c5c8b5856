import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { AppConfig } from '../config/app-config';
import { EnqueueOptions, JobData, JobQueue, QueueDefinition } from './job-queue';
import { transactionSql } from './transaction-sql';

/** The schema the migrations create for pg-boss (Migration20261127100000_job_queue, moved to pg-boss 12 by Migration20261208100000_pg_boss_12). */
export const JOB_SCHEMA = 'pgboss';
/** How long a stopping process lets the job in hand finish before it is failed (and so retried elsewhere). */
const SHUTDOWN_GRACE_MS = 10_000;
const DEFAULT_BATCH = 10;
/**
 * pg-boss opens its pool with its options as given (`new pg.Pool(config)`). When that pool ends, a worker's
 * fetch still queued for one of its two connections is neither served nor refused, so the worker never stops and
 * pg-boss checks on it every second for ever: a process that stops under load never exits (issue 33, item 9: jest runs
 * that hung after their tests). A query queued this long gives up instead; a fetch that gives up is an empty fetch.
 */
const QUEUED_QUERY_TIMEOUT: Record<string, unknown> = { connectionTimeoutMillis: 5_000 };
/**
 * How often a supervising process looks for the jobs of a process that died (active past their queue's expiry), so
 * they are retried elsewhere within half a minute of expiring. pg-boss 12 does this in its monitor pass (each
 * `superviseIntervalSeconds`, a queue at most each `monitorIntervalSeconds` across processes), where pg-boss 10 did it
 * in its maintenance each `maintenanceIntervalSeconds`; 12's maintenance only deletes old jobs (daily by default).
 */
const SUPERVISE_SECONDS = 10;
/** The attempt a job is on, kept in its data when it is sent again after a failure. */
const ATTEMPT = '__attempt';

type FetchedJob = JobWithMetadata<JobData>;

/**
 * The job queue on pg-boss 12, in the service's own PostgreSQL (schema `pgboss`). pg-boss claims jobs with
 * `SKIP LOCKED`, retries with exponential backoff, runs cron schedules once across processes and expires jobs whose
 * process died. Jobs are written by the transaction the caller runs in; pg-boss's own small pool only reads its queues, fetches
 * and completes. A process works the queues whose switch is on (all of them under `npm run worker`), none with
 * `JOBS=off`, and the cron queues only with `SCHEDULER` on.
 */
@Injectable()
export class PgBossJobQueue extends JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly definitions = new Map<string, QueueDefinition<any>>();
  private readonly workers = new Map<string, string>();
  private readonly wakeAfterCommit = new WeakMap<object, Set<string>>();
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private bootstrapped = false;
  private stopping = false;

  /**
   * `em` is the ORM's global entity manager, which each call resolves to the caller's own: inside `em.transactional`
   * (every unit of work) to that transaction's (MikroORM's TransactionContext comes first), outside any transaction to
   * one that has none. So a job is written in the transaction the caller runs in, or on the pool outside one.
   */
  constructor(
    private readonly config: AppConfig,
    private readonly em: EntityManager,
  ) {
    super();
    this.em.getEventManager().registerSubscriber({
      afterTransactionCommit: ({ transaction }) => this.wakeWorkersOf(transaction as object | undefined),
    });
  }

  define<Data extends JobData>(definition: QueueDefinition<Data>): void {
    if (this.definitions.has(definition.name)) throw new Error(`job queue ${definition.name} is defined twice`);
    this.definitions.set(definition.name, definition);
    if (this.bootstrapped) void this.startQueues([definition]);
  }

  async enqueue(queue: string, data: JobData, options: EnqueueOptions = {}): Promise<void> {
    const boss = await this.started();
    await boss.send(queue, data, { db: transactionSql(this.em), startAfter: options.startAfter, singletonKey: options.singletonKey });
    this.wakeWhenCommitted(queue, options.startAfter);
  }

  async enqueueMany(queue: string, jobs: ReadonlyArray<{ data: JobData } & EnqueueOptions>): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((job) => ({ data: job.data, startAfter: job.startAfter, singletonKey: job.singletonKey }));
    await (await this.started()).insert(queue, rows, { db: transactionSql(this.em) });
    const earliest = Math.min(...jobs.map((job) => job.startAfter?.getTime() ?? 0));
    this.wakeWhenCommitted(queue, new Date(earliest));
  }

  /** A job due now wakes this process's worker of its queue once the transaction that wrote it commits. */
  private wakeWhenCommitted(queue: string, startAfter: Date | undefined): void {
    const due = startAfter === undefined || startAfter.getTime() <= Date.now();
    if (!due || !this.workers.has(queue)) return;
    const transaction = this.em.getTransactionContext() as object | undefined;
    if (!transaction) return this.wake(queue);
    const queues = this.wakeAfterCommit.get(transaction) ?? new Set<string>();
    queues.add(queue);
    this.wakeAfterCommit.set(transaction, queues);
  }

  async liveKeys(queue: string, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    // One placeholder a key: the ORM's query formatting spreads an array into a list, which `any(?)` would not take.
    const rows = await this.em.getConnection().execute<Array<{ key: string }>>(
      `select distinct singleton_key as key from ${JOB_SCHEMA}.job where name = ? and singleton_key in (${keys.map(() => '?').join(', ')}) and state < 'completed'`,
      [queue, ...keys],
    );
    return new Set(rows.map((row: { key: string }) => row.key));
  }

  async runDue(queue: string, limit = 50): Promise<number> {
    const definition = this.definitionOf(queue);
    const boss = await this.started();
    const jobs = await boss.fetch<JobData>(queue, { batchSize: limit, includeMetadata: true });
    await this.runAll(boss, definition, jobs);
    return jobs.length;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.bootstrapped = true;
    await this.assertQueuesExist();
    if (this.config.jobs === 'off') return;
    await this.startQueues([...this.definitions.values()].filter((definition) => this.worksHere(definition)));
  }

  /**
   * pg-boss refuses a job sent to a queue that was never created ("Queue … does not exist", pg-boss 10 dropped it
   * without a word): a queue defined in code but missing from the migrations would fail every change that enqueues on
   * it. The process refuses to start instead, naming the queues.
   */
  async assertQueuesExist(): Promise<void> {
    const names = [...this.definitions.keys()];
    if (names.length === 0) return;
    const rows = await this.em.getConnection().execute<Array<{ name: string }>>(
      `select name from ${JOB_SCHEMA}.queue where name in (${names.map(() => '?').join(', ')})`,
      names,
    );
    const created = new Set(rows.map((row: { name: string }) => row.name));
    const missing = names.filter((name) => !created.has(name));
    if (missing.length > 0) throw new Error(`job queues defined but not created by a migration (pgboss.create_queue): ${missing.join(', ')}`);
  }

  /** `npm run worker`: every queue, whatever the per-queue switches say. */
  async workEveryQueue(): Promise<string[]> {
    await this.startQueues([...this.definitions.values()]);
    return [...this.workers.keys()];
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    // graceful: workers stop fetching, the job in hand finishes (or is failed after the grace, to be retried); stop()
    // resolves once that is done and the pool is closed.
    await boss?.stop({ graceful: true, timeout: SHUTDOWN_GRACE_MS });
  }

  private worksHere(definition: QueueDefinition<any>): boolean {
    return definition.enabled && (definition.cron === undefined || this.config.scheduler === 'on');
  }

  private async startQueues(definitions: Array<QueueDefinition<any>>): Promise<void> {
    const boss = await this.started();
    for (const definition of definitions) {
      if (this.workers.has(definition.name) || this.stopping) continue;
      await boss.updateQueue(definition.name, {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      });
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      const id = await boss.work(
        definition.name,
        { batchSize: definition.batchSize ?? DEFAULT_BATCH, includeMetadata: true, pollingIntervalSeconds: this.config.jobPollIntervalMs / 1000 },
        (jobs: FetchedJob[]) => this.runAll(boss, definition, jobs),
      );
      this.workers.set(definition.name, id);
    }
  }

  /**
   * A poll's jobs, side by side or one after the other oldest first. pg-boss fetches the oldest due jobs but hands the
   * batch back in no particular order (its `UPDATE … RETURNING`), and a job run later in a batch sends its next job or
   * its retry later, i.e. further back in the queue: run in that order, one record could be passed over twice in a row
   * while another got ahead.
   */
  private async runAll(boss: PgBoss, definition: QueueDefinition<any>, jobs: FetchedJob[]): Promise<void> {
    if (definition.parallel) {
      await Promise.all(jobs.map((job) => this.run(boss, definition, job)));
      return;
    }
    const oldestFirst = [...jobs].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
    for (const job of oldestFirst) await this.run(boss, definition, job);
  }

  /**
   * One job on its own, completed when its handler returns. When the handler throws, the job is completed and sent
   * again at the BACK of the queue (a new job, after `retryDelaySeconds × 2^(attempt−1)`, ±10 %), not retried in place:
   * pg-boss hands out jobs oldest first, so a job retried in place would keep its place ahead of every newer job and a
   * tenant's failing work would hold back everyone else's. After `retryLimit` retries the job is failed and handed to
   * `onExhausted`. pg-boss's own retry (same limit and backoff) is left for a process that died mid-job.
   */
  private async run(boss: PgBoss, definition: QueueDefinition<any>, job: FetchedJob): Promise<void> {
    const { [ATTEMPT]: previous, ...data } = job.data;
    const attempt = (typeof previous === 'number' ? previous : 0) + 1;
    // Settled as the attempt it was fetched as (`job` carries its id and retry count): should it have expired and been
    // handed to another process meanwhile, that process's attempt is left alone.
    try {
      await definition.handle(data);
      await boss.complete(definition.name, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = attempt > definition.retryLimit;
      this.logger.warn({ queue: definition.name, jobId: job.id, attempt, exhausted, err: { message } }, 'job failed');
      if (!exhausted) {
        const delayMs = definition.retryDelaySeconds * 1000 * 2 ** (attempt - 1) * (0.9 + Math.random() * 0.2);
        await boss.send(definition.name, { ...data, [ATTEMPT]: attempt }, { startAfter: new Date(Date.now() + delayMs), singletonKey: job.singletonKey ?? undefined });
        await boss.complete(definition.name, job, { retried: attempt, error: message });
        return;
      }
      await boss.fail(definition.name, job, { message });
      if (definition.onExhausted) {
        await definition.onExhausted(data, message).catch((cause: unknown) => this.logger.error({ queue: definition.name, jobId: job.id, err: cause }, 'exhausted job not settled'));
      }
    }
  }

  private definitionOf(queue: string): QueueDefinition<any> {
    const definition = this.definitions.get(queue);
    if (!definition) throw new Error(`no job queue named ${queue}`);
    return definition;
  }

  /**
   * The one pg-boss of this process, started on first use: by the queues it works, `runDue`, or the first enqueue (pg-boss
   * 12 reads a queue's table and policy from its own cache, which only a started instance has; a process with
   * `JOBS=off` starts one that neither supervises nor schedules nor works).
   */
  private started(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const boss = new PgBoss({
        ...QUEUED_QUERY_TIMEOUT,
        connectionString: this.config.databaseUrl,
        schema: JOB_SCHEMA,
        max: 2,
        application_name: 'estate-desk-jobs',
        // The schema and its queues come from committed migrations; nothing alters them at run time (a process whose
        // pg-boss finds another schema version refuses to start: "pg-boss database requires migrations").
        migrate: false,
        supervise: this.config.jobs === 'on',
        superviseIntervalSeconds: SUPERVISE_SECONDS,
        monitorIntervalSeconds: SUPERVISE_SECONDS,
        schedule: this.config.jobs === 'on' && this.config.scheduler === 'on',
        // pg-boss 12's instance registry (a row and a heartbeat a process in pgboss.instance) is not used.
        registerInstance: false,
      });
      // pg-boss 12 awaits the completion of a worker's batch and reports its failure here (pg-boss 10 left it unhandled,
      // timgit/pg-boss#577, and the process died with the database): the jobs stay active, expire and run again.
      boss.on('error', (error: Error) => this.logger.warn({ err: { message: error.message } }, 'job queue error'));
      boss.on('warning', (warning: { message: string }) => this.logger.warn({ warning: warning.message }, 'job queue warning'));
      try {
        await boss.start();
      } catch (error) {
        // A start that failed (the database unreachable, say) is not kept: the next use tries again, so a process whose
        // first enqueue came during an outage does not refuse every later one.
        await boss.stop({ graceful: false }).catch(() => undefined);
        this.starting = undefined;
        throw error;
      }
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  private wakeWorkersOf(transaction: object | undefined): void {
    if (!transaction) return;
    const queues = this.wakeAfterCommit.get(transaction);
    if (!queues) return;
    this.wakeAfterCommit.delete(transaction);
    for (const queue of queues) this.wake(queue);
  }

  /** A job due now wakes this process's worker of its queue instead of waiting for the next poll. */
  private wake(queue: string): void {
    const id = this.workers.get(queue);
    if (id) this.boss?.notifyWorker(id);
  }
}
