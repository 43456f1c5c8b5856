import { ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Whether something answers PING on the port (a plain RESP exchange: no client library, no retries). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/**
 * A `redis-server` of the test's own on a free port (never the machine's), which the test may stop, freeze (SIGSTOP)
 * and start again on the same port.
 */
export class PrivateRedis {
  private server: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let attempt = 0; !(await answersPing(this.port)); attempt++) {
      if (attempt > 100) throw new Error(`redis-server did not answer on port ${this.port}`);
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGKILL');
    await exited;
    this.server = undefined;
  }

  freeze(): void {
    this.server?.kill('SIGSTOP');
  }

  thaw(): void {
    this.server?.kill('SIGCONT');
  }
}
