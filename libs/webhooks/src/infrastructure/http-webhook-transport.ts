import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@estate/shared-kernel';
import { SendResult } from '../domain/delivery-rules';
import { AllowedTargets, destinationProblem, hostOf, LOOPBACK_TARGETS, urlFormProblem } from '../domain/destination';
import { WebhookTransport } from '../application/ports/webhook-transport.port';

/** A receiver's answer is read up to this size, then dropped: only its status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** getaddrinfo has no timeout of its own. */
const DNS_TIMEOUT_MS = 5000;

interface Resolved {
  url: URL;
  addresses: Array<{ address: string; family: number }>;
}

/**
 * Webhook POSTs over node:http(s), with the destination rule of contract §14.8 applied to the addresses actually
 * connected to: the host is resolved once per attempt, every address checked, and the socket is given a `lookup`
 * that answers only the checked address, so a DNS answer that changes between check and connect (rebinding) never
 * reaches a private address. Redirects are never followed; the whole exchange has the configured timeout (15 s).
 */
@Injectable()
export class HttpWebhookTransport extends WebhookTransport implements OnApplicationShutdown {
  private readonly allowed: AllowedTargets;
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 50 });

  constructor(private readonly config: AppConfig) {
    super();
    this.allowed = new AllowedTargets([...config.webhookAllowedTargets, ...(config.webhookAllowLoopback ? LOOPBACK_TARGETS : [])]);
  }

  onApplicationShutdown(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  async destinationProblem(raw: string): Promise<string | undefined> {
    const formProblem = urlFormProblem(raw);
    if (formProblem !== undefined) return formProblem;
    const resolved = await this.resolve(new URL(raw));
    return destinationProblem(resolved.url, resolved.addresses.map((entry) => entry.address), this.allowed);
  }

  async send(raw: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    if (urlFormProblem(raw) !== undefined) return { status: null, error: 'destination_not_allowed', durationMs: elapsed() };
    const resolved = await this.resolve(new URL(raw));
    if (resolved.addresses.length === 0) return { status: null, error: 'connection_error', durationMs: elapsed() };
    if (destinationProblem(resolved.url, resolved.addresses.map((entry) => entry.address), this.allowed) !== undefined) {
      return { status: null, error: 'destination_not_allowed', durationMs: elapsed() };
    }
    const target = resolved.addresses[0];
    // The socket connects to the address just checked, whatever the resolver would say now.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const secure = resolved.url.protocol === 'https:';
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const request = (secure ? https : http).request(
        resolved.url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: secure ? this.httpsAgent : this.httpAgent,
          lookup: pinned,
        },
        (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) response.destroy();
          });
          const done = () => {
            const retryAfter = response.headers['retry-after'];
            finish({ status: response.statusCode ?? null, error: null, ...(typeof retryAfter === 'string' ? { retryAfter } : {}) });
          };
          response.on('end', done);
          response.on('close', done);
          response.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ status: null, error: 'timeout' });
        request.destroy();
      }, this.config.webhookTimeoutMs);
      request.on('error', () => finish({ status: null, error: 'connection_error' }));
      request.end(body);
    });
  }

  /** The host's addresses: the literal itself, or every address DNS gives (none when it does not resolve). */
  private async resolve(url: URL): Promise<Resolved> {
    const host = hostOf(url);
    const family = isIP(host);
    if (family !== 0) return { url, addresses: [{ address: host, family }] };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('dns lookup timed out')), DNS_TIMEOUT_MS);
    });
    try {
      return { url, addresses: await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]) };
    } catch {
      return { url, addresses: [] };
    } finally {
      clearTimeout(timer);
    }
  }
}
