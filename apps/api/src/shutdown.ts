import type { Server } from 'node:http';

const DRAIN_TIMEOUT_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (up to 10 s), close idle keep-alive
 * sockets, then release resources (database pool, claimed work) and exit 0 (contract §9).
 */
export function stopGracefully(server: Server, release: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: draining requests\n`);
    const forced = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    await new Promise<void>((done) => {
      server.close(() => done());
      server.closeIdleConnections();
    });
    clearTimeout(forced);
    try {
      await release();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
