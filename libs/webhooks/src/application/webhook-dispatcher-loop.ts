import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@estate/shared-kernel';
import { DeliverySubscriber } from './delivery-subscriber';
import { WebhookDispatcher } from './webhook-dispatcher';

/** How often old deliveries are purged (retention 30 days). */
export const DELIVERY_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** While idle, how often the loop checks whether this process queued deliveries (cheap: a flag). */
const WAKE_CHECK_MS = 20;

/**
 * Runs the dispatcher in the background: in the API when `WEBHOOK_DISPATCHER=on` (the default) and in the worker
 * (`npm run worker`), which starts it whatever the setting. Polls every `WEBHOOK_POLL_INTERVAL_MS`, sooner when this
 * process just queued deliveries, at once while work remains; purges old deliveries hourly. Stops on shutdown,
 * waiting for the pass in flight.
 */
@Injectable()
export class WebhookDispatcherLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcherLoop');
  private timer?: NodeJS.Timeout;
  private purgeTimer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = true;
  private idleSince = 0;

  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly subscriber: DeliverySubscriber,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.webhookDispatcher === 'on') this.start();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.idleSince = Date.now();
    this.schedule(0);
    this.purgeTimer = setInterval(() => void this.purge(), DELIVERY_PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
    void this.purge();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.purgeTimer);
    await this.running;
  }

  private purge(): Promise<unknown> {
    return this.dispatcher.purgeExpired().catch((error: unknown) => this.logger.warn({ err: error }, 'webhook delivery purge failed'));
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), delay);
  }

  /** A pass when one is due (work remained, the poll interval passed, or this process queued deliveries). */
  private tick(): void {
    if (this.stopped) return;
    const due = Date.now() - this.idleSince >= this.config.webhookPollIntervalMs || this.subscriber.takeQueued();
    if (!due) return this.schedule(WAKE_CHECK_MS);
    this.running = this.dispatcher
      .runOnce()
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'webhook dispatcher pass failed');
        return 0;
      })
      .then((claimed) => {
        if (claimed > 0) return this.schedule(0);
        this.idleSince = Date.now();
        this.schedule(WAKE_CHECK_MS);
      });
  }
}
