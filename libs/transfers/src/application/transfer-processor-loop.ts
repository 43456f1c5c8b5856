import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@estate/shared-kernel';
import { TransferProcessor } from './transfer-processor';

/** How often an idle processor looks for due transfers. */
export const TRANSFER_POLL_INTERVAL_MS = 250;

/**
 * Runs the processor in the background of the process: the API when `TRANSFER_PROCESSOR=on` (the default), and the
 * worker (`npm run worker`), which starts it whatever the setting. Stops (and waits for the pass in progress) on shutdown.
 */
@Injectable()
export class TransferProcessorLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TransferProcessorLoop');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = true;

  constructor(
    private readonly processor: TransferProcessor,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.transferProcessor === 'on') this.start();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.processor
        .runOnce()
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'transfer processor pass failed');
          return 0;
        })
        .then((steps) => this.schedule(steps > 0 ? 0 : TRANSFER_POLL_INTERVAL_MS));
    }, delay);
  }
}
