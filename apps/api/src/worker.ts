import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { PgBossJobQueue } from '@estate/shared-kernel';
import { AppModule } from './app.module';
import { exitWith, prepareRuntime } from './runtime';
import { runtimeVersion, unsupportedRuntimeNote } from './runtime-version';

/**
 * `npm run worker`: the background work alone, in a Nest application context without HTTP. It works every queue of
 * the job queue (transfer steps, webhook and e-mail deliveries, scheduled events and purges), whatever the per-queue
 * switches say (the API processes may then run with them `off`), until SIGTERM/SIGINT, then lets the job in hand
 * finish, releases the database pools and exits 0. Any number of workers and API processes work side by side: the
 * queue hands each job to one of them.
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
    process.stdout.write(`${signal} received: stopping the worker\n`);
    try {
      await app.close();
      await runtime.stop();
    } finally {
      process.exit(0);
    }
  };
  // Signals are handled before the queues are worked and before the ready line, so a stop is never the default kill.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  const queues = await app.get(PgBossJobQueue).workEveryQueue();
  process.stdout.write(`${runtimeVersion()}\n${unsupportedRuntimeNote() ?? ''}`);
  process.stdout.write(`estate-desk worker: transfer processor running (pid ${process.pid}); queues: ${queues.join(", ")}\n`);
}

main().catch(exitWith);
