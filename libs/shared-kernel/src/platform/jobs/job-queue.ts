/**
 * A queue of background work: its name, its retry policy, and the switch that lets a process work it. Retries are for
 * a handler that threw (a crash, a database error, a bug): each try waits `retryDelaySeconds × 2^n` (pg-boss's
 * exponential backoff, with jitter), and after `retryLimit` retries the job is failed and, when `onExhausted` is given,
 * handed to it so the record it names reaches a terminal state a person can see.
 */
export interface QueueDefinition<Data extends JobData = JobData> {
  readonly name: string;
  /** Whether this process works the queue (`TRANSFER_PROCESSOR`, `WEBHOOK_DISPATCHER`, …); `npm run worker` works all. */
  readonly enabled: boolean;
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  /** A job running longer is taken as crashed and retried. */
  readonly expireInSeconds: number;
  /** Jobs fetched per poll, each run and completed on its own. */
  readonly batchSize?: number;
  /** Run a poll's jobs side by side instead of one after the other (work that mostly waits, such as HTTP calls). */
  readonly parallel?: boolean;
  /** A cron expression (UTC) for scheduled work; such queues follow `SCHEDULER` too. */
  readonly cron?: string;
  readonly handle: (data: Data) => Promise<void>;
  /** Called once, in no transaction, when the job failed for the last time; its own failure is logged. */
  readonly onExhausted?: (data: Data, error: string) => Promise<void>;
}

/** Jobs carry ids only: the records' own tables stay the truth. */
export type JobData = Record<string, string | number | boolean | null>;

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** At most one job with this key waiting (and one running) in the queue: a second enqueue is dropped. */
  singletonKey?: string;
}

/**
 * The job queue's port. `enqueue` writes the job in the transaction the caller runs in (the unit of work's, found by
 * the adapter, not handed over), so the job exists exactly when the change that calls for it commits; called outside
 * any transaction, the job is written at once.
 */
export abstract class JobQueue {
  abstract enqueue(queue: string, data: JobData, options?: EnqueueOptions): Promise<void>;

  /** Several jobs of one queue in one statement, in the caller's transaction (or at once, outside one). */
  abstract enqueueMany(queue: string, jobs: ReadonlyArray<{ data: JobData } & EnqueueOptions>): Promise<void>;

  /** Which of these singleton keys have a job of the queue waiting, backing off or running (a sweep skips them). */
  abstract liveKeys(queue: string, keys: readonly string[]): Promise<Set<string>>;

  /** Registers a queue's handler; queues are worked once the application has started. Call from `onModuleInit`. */
  abstract define<Data extends JobData>(definition: QueueDefinition<Data>): void;

  /**
   * Runs the due jobs of a queue now, in this process, at most `limit` of them, one after the other; answers how many
   * ran. For tests and tools that step the work themselves (with the queue's switch off).
   */
  abstract runDue(queue: string, limit?: number): Promise<number>;
}
