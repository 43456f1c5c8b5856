import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/**
 * Addresses that work without an `Authorization` header (a calendar's subscription, a document's download): the
 * token names a record and carries an HMAC-SHA256 of it, so an address can be neither guessed nor altered into
 * another one. The key is derived (HKDF) from the field encryption key, so no other secret has to be kept; each use
 * signs under a purpose of its own, so a token of one use is no token of another. What makes an address stop working
 * (revocation, expiry) is the record's, looked up once the signature holds.
 */
@Injectable()
export class LinkSigner {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = LinkSigner.keyOf(config.fieldEncryptionKey);
  }

  static keyOf(fieldEncryptionKey: Buffer): Buffer {
    return Buffer.from(hkdfSync('sha256', fieldEncryptionKey, Buffer.alloc(0), 'estate-desk signed links', 32));
  }

  /** `{subject}.{signature}`, URL-safe: the subject is a record id (a ULID), the signature base64url. */
  sign(purpose: string, subject: string): string {
    return `${subject}.${this.signatureOf(purpose, subject).toString('base64url')}`;
  }

  /** The subject of a token this service signed for `purpose`; `undefined` for anything else. */
  verify(purpose: string, token: string): string | undefined {
    const separator = token.lastIndexOf('.');
    if (separator <= 0) return undefined;
    const subject = token.slice(0, separator);
    const given = Buffer.from(token.slice(separator + 1), 'base64url');
    const expected = this.signatureOf(purpose, subject);
    return given.length === expected.length && timingSafeEqual(given, expected) ? subject : undefined;
  }

  private signatureOf(purpose: string, subject: string): Buffer {
    return createHmac('sha256', this.key).update(`${purpose}:${subject}`, 'utf8').digest();
  }
}
