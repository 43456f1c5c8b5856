import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { LinkSigner } from './link-signer';

const signerWith = (key: Buffer) => new LinkSigner({ fieldEncryptionKey: key } as AppConfig);

describe('LinkSigner', () => {
  const key = randomBytes(32);
  const signer = signerWith(key);
  const id = '01JBX8Q9W4M8Z7T3K2N5R6P0AB';

  it('gives back the subject of a token it signed, for the same purpose', () => {
    const token = signer.sign('deadline-feed', id);
    expect(token).toMatch(/^01JBX8Q9W4M8Z7T3K2N5R6P0AB\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify('deadline-feed', token)).toBe(id);
    expect(signerWith(Buffer.from(key)).verify('deadline-feed', token)).toBe(id);
  });

  it('refuses a token of another purpose, another key, an altered subject or signature, and garbage', () => {
    const token = signer.sign('deadline-feed', id);
    expect(signer.verify('document-download', token)).toBeUndefined();
    expect(signerWith(randomBytes(32)).verify('deadline-feed', token)).toBeUndefined();
    expect(signer.verify('deadline-feed', token.replace(id, '01JBX8Q9W4M8Z7T3K2N5R6P0AC'))).toBeUndefined();
    expect(signer.verify('deadline-feed', `${token.slice(0, -2)}AA`)).toBeUndefined();
    expect(signer.verify('deadline-feed', id)).toBeUndefined();
    expect(signer.verify('deadline-feed', `.${token.split('.')[1]}`)).toBeUndefined();
    expect(signer.verify('deadline-feed', '')).toBeUndefined();
  });
});
