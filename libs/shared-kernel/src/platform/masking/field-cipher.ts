import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const FORMAT_VERSION = 'v1';

/**
 * AES-256-GCM for sensitive numbers at rest. Ciphertext layout: `v1:<iv>:<tag>:<data>` (base64), a fresh 96-bit IV
 * per value, so equal plaintexts never produce equal ciphertexts. The key lives in process memory only.
 */
export class FieldCipher {
  private static activeKey: Buffer | undefined;

  static configure(key: Buffer): void {
    if (key.length !== 32) throw new Error('field encryption key must be 32 bytes');
    FieldCipher.activeKey = key;
  }

  private static key(): Buffer {
    if (!FieldCipher.activeKey) throw new Error('field encryption key is not configured');
    return FieldCipher.activeKey;
  }

  static encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, FieldCipher.key(), iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT_VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  static decrypt(ciphertext: string): string {
    const [version, iv, tag, data] = ciphertext.split(':');
    if (version !== FORMAT_VERSION || !iv || !tag || data === undefined) throw new Error('unrecognised ciphertext format');
    const decipher = createDecipheriv(ALGORITHM, FieldCipher.key(), Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
