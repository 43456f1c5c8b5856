/**
 * The keeper of an embedded PostgreSQL (`startEmbeddedDatabase` with `detached`): started by the service in a process
 * group of its own, so that the terminal's Ctrl-C (SIGINT to the foreground group) reaches the service and not the
 * database. It starts the server, says so over IPC, and stops it when the service asks (`stop`, once the service has
 * drained), when the service is gone (the IPC channel closes: it died, even by SIGKILL), or on SIGTERM/SIGINT sent to
 * the keeper itself.
 */
import { KeeperMessage, launchInProcess } from './embedded-database';

async function keep(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string; port: number; persistent: boolean };
  let stop: (() => Promise<void>) | undefined;
  let asked = false;
  let ending = false;
  /** Stops the server (once it is up: a request during start-up is honoured as soon as it is) and exits. */
  const end = async () => {
    asked = true;
    if (!stop || ending) return;
    ending = true;
    await stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('message', (message) => message === 'stop' && void end());
  process.on('disconnect', () => void end());
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void end());
  try {
    stop = await launchInProcess(options);
  } catch (error) {
    process.send?.({ failed: error instanceof Error ? error.message : String(error) } satisfies KeeperMessage);
    process.exit(1);
  }
  if (asked) return end();
  process.send?.({ ready: true } satisfies KeeperMessage);
}

void keep();
