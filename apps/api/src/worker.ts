import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { TransferProcessorLoop } from '@estate/transfers';
import { WebhookDispatcherLoop } from '@estate/webhooks';
import { AppModule } from './app.module';
import { exitWith, prepareRuntime } from './runtime';

/**
 * `npm run worker`: the transfer processor alone, in a Nest application context without HTTP (the API processes may
 * then run with `TRANSFER_PROCESSOR=off`). It polls for due transfers until SIGTERM/SIGINT, then finishes the step in
 * progress, releases the database pool and exits 0. Several workers (and API processes) may run side by side: claims
 * use `SKIP LOCKED`, so no step is ever taken twice.
 */
async function main(): Promise<void> {
  const runtime = await prepareRuntime({ migrate: false });
  const app = await NestFactory.createApplicationContext(AppModule.register(runtime.config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  await app.init();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: stopping the transfer processor\n`);
    try {
      await app.close();
      await runtime.stop();
    } finally {
      process.exit(0);
    }
  };
  // Signals are handled before the processor starts and before the ready line, so a stop is never the default kill.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // The API's setting decides whether API processes process; the worker exists to process.
  app.get(TransferProcessorLoop).start();
  app.get(WebhookDispatcherLoop).start();
  process.stdout.write(`estate-desk worker: transfer processor running (pid ${process.pid}), webhook dispatcher running\n`);
}

main().catch(exitWith);
