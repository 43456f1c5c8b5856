import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadAppConfig } from '@estate/shared-kernel';
import { HttpWebhookTransport } from './http-webhook-transport';

function transport(env: Record<string, string>): HttpWebhookTransport {
  return new HttpWebhookTransport(loadAppConfig({ WEBHOOK_ALLOWED_TARGETS: '127.0.0.1/32', ...env }, { databaseUrl: 'postgres://unused', fieldEncryptionKey: randomBytes(32) }));
}

describe('HttpWebhookTransport (contract §14.5, §14.8)', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ url?: string; headers: Record<string, unknown>; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (req.url === '/slow') return; // never answers
        if (req.url === '/moved') return res.writeHead(301, { location: '/elsewhere' }).end();
        if (req.url === '/busy') return res.writeHead(503, { 'retry-after': '120' }).end();
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('POSTs the exact body with the given headers and reports the status', async () => {
    const sender = transport({});
    const result = await sender.send(`http://127.0.0.1:${port}/ok`, { 'content-type': 'application/json', 'webhook-id': 'x' }, '{"a":1}');
    expect(result).toMatchObject({ status: 204, error: null });
    expect(seen.at(-1)).toMatchObject({ url: '/ok', body: '{"a":1}', headers: { 'webhook-id': 'x', 'content-length': '7' } });
    sender.onApplicationShutdown();
  });

  it('does not follow a redirect and hands Retry-After over', async () => {
    const sender = transport({});
    expect(await sender.send(`http://127.0.0.1:${port}/moved`, {}, '{}')).toMatchObject({ status: 301, error: null });
    expect(seen.some((request) => request.url === '/elsewhere')).toBe(false);
    expect(await sender.send(`http://127.0.0.1:${port}/busy`, {}, '{}')).toMatchObject({ status: 503, retryAfter: '120' });
    sender.onApplicationShutdown();
  });

  it('gives up after the timeout', async () => {
    const sender = transport({ WEBHOOK_TIMEOUT_MS: '200' });
    const result = await sender.send(`http://127.0.0.1:${port}/slow`, {}, '{}');
    expect(result).toMatchObject({ status: null, error: 'timeout' });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    // The server never answers, so `timeout` is the setting's doing; well under the 15 s default says it was this
    // setting's 200 ms, on however loaded a machine.
    expect(result.durationMs).toBeLessThan(10_000);
    sender.onApplicationShutdown();
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sender = transport({});
    expect(await sender.send(`http://127.0.0.1:${closedPort}/`, {}, '{}')).toMatchObject({ status: null, error: 'connection_error' });
    sender.onApplicationShutdown();
  });

  it('never connects to a destination outside the rules, at the attempt itself', async () => {
    const strict = transport({ WEBHOOK_ALLOWED_TARGETS: '' });
    const before = seen.length;
    expect(await strict.send(`http://127.0.0.1:${port}/ok`, {}, '{}')).toMatchObject({ status: null, error: 'destination_not_allowed' });
    expect(await strict.send(`https://127.0.0.1:${port}/ok`, {}, '{}')).toMatchObject({ status: null, error: 'destination_not_allowed' });
    expect(await strict.send('https://169.254.169.254/latest/meta-data', {}, '{}')).toMatchObject({ status: null, error: 'destination_not_allowed' });
    expect(await strict.send('https://[::ffff:10.0.0.1]/', {}, '{}')).toMatchObject({ status: null, error: 'destination_not_allowed' });
    expect(seen.length).toBe(before);
    expect(await strict.destinationProblem(`http://127.0.0.1:${port}/ok`)).toMatch(/^url must use https; .*WEBHOOK_ALLOWED_TARGETS/);
    expect(await strict.destinationProblem('https://10.0.0.1/')).toMatch(/^url destination is not allowed; .*WEBHOOK_ALLOWED_TARGETS/);
    expect(await strict.destinationProblem('https://localhost/')).toMatch(/^url destination is not allowed; .*WEBHOOK_ALLOWED_TARGETS/);
    strict.onApplicationShutdown();
  });

  it('allows loopback targets over http on the embedded default only, unless WEBHOOK_ALLOW_LOOPBACK says otherwise', async () => {
    const config = (env: Record<string, string>, embedded: boolean) =>
      loadAppConfig(env, { databaseUrl: 'postgres://unused', fieldEncryptionKey: randomBytes(32), embedded });
    const embedded = new HttpWebhookTransport(config({}, true));
    const production = new HttpWebhookTransport(config({}, false));
    const embeddedOff = new HttpWebhookTransport(config({ WEBHOOK_ALLOW_LOOPBACK: 'off' }, true));
    const productionOn = new HttpWebhookTransport(config({ WEBHOOK_ALLOW_LOOPBACK: 'on' }, false));
    expect(config({}, true).webhookAllowLoopback).toBe(true);
    expect(config({}, false).webhookAllowLoopback).toBe(false);
    expect(await embedded.destinationProblem(`http://127.0.0.1:${port}/ok`)).toBeUndefined();
    expect(await embedded.destinationProblem(`http://localhost:${port}/ok`)).toBeUndefined();
    expect(await embedded.send(`http://127.0.0.1:${port}/ok`, {}, '{}')).toMatchObject({ status: 204, error: null });
    // Loopback only: a private network stays refused on a developer's machine too.
    expect(await embedded.destinationProblem('https://10.0.0.1/')).toMatch(/^url destination is not allowed/);
    expect(await production.destinationProblem(`http://127.0.0.1:${port}/ok`)).toMatch(/WEBHOOK_ALLOW_LOOPBACK=on/);
    expect(await embeddedOff.destinationProblem(`http://127.0.0.1:${port}/ok`)).toMatch(/^url must use https/);
    expect(await productionOn.destinationProblem(`http://127.0.0.1:${port}/ok`)).toBeUndefined();
    [embedded, production, embeddedOff, productionOn].forEach((transport) => transport.onApplicationShutdown());
  });
});
