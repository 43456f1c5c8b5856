import 'reflect-metadata';
import { createApp } from './create-app';
import { prepareDemo } from './demo/demo-data';
import { exitWith, prepareRuntime } from './runtime';
import { stopGracefully } from './shutdown';

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
  process.stdout.write(`Estate Desk API listening on ${baseUrl} (database: ${runtime.embedded ? 'embedded PostgreSQL in ./data/postgres' : 'DATABASE_URL'})\n`);
  if (runtime.embedded || process.env.DEMO_DATA === 'true') {
    const demo = await prepareDemo(app, baseUrl);
    process.stdout.write(
      [
        '',
        `Demo token (enterprise tier): ${demo.token}`,
        'Try it:',
        `  curl -s -H "Authorization: Bearer ${demo.token}" ${baseUrl}/v1/cases/${demo.caseId}`,
        `API reference: ${baseUrl}/v1/docs`,
        '',
      ].join('\n'),
    );
  }
}

main().catch(exitWith);
