import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers: a status, optionally with headers. */
export type Answer = number | { status: number; headers?: Record<string, string> };

/**
 * A real HTTP server on loopback for webhook e2e tests: records every POST and answers from a script per path
 * (`answer('/a', [500, 500, 200])`), then 200.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const next = this.scripts.get(path)?.shift() ?? 200;
        const answer = typeof next === 'number' ? { status: next } : next;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end('ok');
      });
    });
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}${path}`;
  }

  answer(path: string, answers: Answer[]): void {
    this.scripts.set(path, [...answers]);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.path === path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 8000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
