import { createHmac, randomBytes } from 'node:crypto';

/** Contract §14.4: a secret is `whsec_` plus the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The HMAC key of a secret: the base64-decoded part after `whsec_`. */
export function keyOfSecret(secret: string): Buffer {
  if (!secret.startsWith('whsec_')) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

/**
 * Contract §14.5 (Standard Webhooks 1.0): base64(HMAC-SHA256(key, `{id}.{timestamp}.{body}`)) over the exact bytes sent,
 * one `v1,…` value per live secret, space-separated.
 */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOfSecret(secret)).update(`${webhookId}.${timestamp}.${body}`, 'utf8').digest('base64')}`)
    .join(' ');
}
