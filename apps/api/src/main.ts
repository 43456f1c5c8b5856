import 'reflect-metadata';
import cluster from 'node:cluster';
import { EntityManager } from '@mikro-orm/postgresql';
import { createApp } from './create-app';
import { demoBanner, demoTokenFile, loopbackWebhooksNote, prepareDemo } from './demo/demo-data';
import { exitWith, LOCAL_DATA_DIR, prepareRuntime } from './runtime';
import { stopGracefully } from './shutdown';
import { runtimeVersion, unsupportedRuntimeNote } from './runtime-version';

/** `npm start`: migrate, serve, and on the embedded database (or with DEMO_DATA=true) make and print demo access. */
async function main(): Promise<void> {
  const runtime = await prepareRuntime({ migrate: true });
  const app = await createApp(runtime.config);
  const server = await app.listen(runtime.config.port, '0.0.0.0');
  stopGracefully(server, async () => {
    await app.close();
    await runtime.stop();
  });
  const baseUrl = `http://localhost:${runtime.config.port}`;
  process.stdout.write(`Estate Desk API listening on ${baseUrl} (database: ${runtime.database})${cluster.isWorker ? ` [pid ${process.pid}]` : ''}\n`);
  if (!cluster.isWorker) process.stdout.write(`${runtimeVersion()}\n${unsupportedRuntimeNote() ?? ''}`);
  if (runtime.note) process.stdout.write(`Note: ${runtime.note}.\n`);
  if (runtime.config.webhookAllowLoopback && !cluster.isWorker) process.stdout.write(loopbackWebhooksNote());
  if (runtime.embedded || process.env.DEMO_DATA === 'true') {
    const tokenFile = runtime.embedded ? demoTokenFile(LOCAL_DATA_DIR) : undefined;
    process.stdout.write(demoBanner(await prepareDemo(app.get(EntityManager), baseUrl, { tokenFile }), baseUrl));
  }
}

main().catch(exitWith);
