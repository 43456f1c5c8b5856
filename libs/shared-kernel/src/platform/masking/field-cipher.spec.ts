import { randomBytes } from 'node:crypto';
import { FieldCipher } from './field-cipher';

describe('FieldCipher', () => {
  const key = randomBytes(32);

  beforeEach(() => {
    FieldCipher.configure(key);
  });

  it('round-trips a value', () => {
    const ciphertext = FieldCipher.encrypt('123-45-6789');
    expect(FieldCipher.decrypt(ciphertext)).toBe('123-45-6789');
  });

  it('round-trips an empty string and unicode text', () => {
    expect(FieldCipher.decrypt(FieldCipher.encrypt(''))).toBe('');
    expect(FieldCipher.decrypt(FieldCipher.encrypt('Zoë – 番号 42'))).toBe('Zoë – 番号 42');
  });

  it('writes v1:<iv>:<tag>:<data> without the plaintext', () => {
    const ciphertext = FieldCipher.encrypt('000123456789');
    const [version, iv, tag, data] = ciphertext.split(':');
    expect(version).toBe('v1');
    expect(Buffer.from(iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64')).toHaveLength(16);
    expect(data.length).toBeGreaterThan(0);
    expect(ciphertext).not.toContain('000123456789');
  });

  it('uses a fresh IV, so equal plaintexts give different ciphertexts', () => {
    const first = FieldCipher.encrypt('same');
    const second = FieldCipher.encrypt('same');
    expect(first).not.toBe(second);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    expect(FieldCipher.decrypt(first)).toBe('same');
    expect(FieldCipher.decrypt(second)).toBe('same');
  });

  it('rejects tampered data (authentication fails)', () => {
    const [version, iv, tag, data] = FieldCipher.encrypt('123456789').split(':');
    const bytes = Buffer.from(data, 'base64');
    bytes[0] ^= 0x01;
    expect(() => FieldCipher.decrypt([version, iv, tag, bytes.toString('base64')].join(':'))).toThrow();
  });

  it('rejects a tampered tag or IV', () => {
    const [version, iv, tag, data] = FieldCipher.encrypt('123456789').split(':');
    const badTag = Buffer.from(tag, 'base64');
    badTag[3] ^= 0xff;
    expect(() => FieldCipher.decrypt([version, iv, badTag.toString('base64'), data].join(':'))).toThrow();
    const badIv = Buffer.from(iv, 'base64');
    badIv[0] ^= 0xff;
    expect(() => FieldCipher.decrypt([version, badIv.toString('base64'), tag, data].join(':'))).toThrow();
  });

  it('rejects an unrecognised format', () => {
    expect(() => FieldCipher.decrypt('plaintext')).toThrow('unrecognised ciphertext format');
    const [, iv, tag, data] = FieldCipher.encrypt('x').split(':');
    expect(() => FieldCipher.decrypt(['v2', iv, tag, data].join(':'))).toThrow('unrecognised ciphertext format');
  });

  it('fails to decrypt with another key', () => {
    const ciphertext = FieldCipher.encrypt('123456789');
    FieldCipher.configure(randomBytes(32));
    expect(() => FieldCipher.decrypt(ciphertext)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => FieldCipher.configure(randomBytes(16))).toThrow('32 bytes');
    // the previous key is still in force
    expect(FieldCipher.decrypt(FieldCipher.encrypt('ok'))).toBe('ok');
  });

  it('throws when no key was configured', () => {
    jest.isolateModules(() => {
      // a fresh copy of the module: its static key was never set
      const { FieldCipher: Unconfigured } = require('./field-cipher') as typeof import('./field-cipher');
      expect(Unconfigured).not.toBe(FieldCipher);
      expect(() => Unconfigured.encrypt('123')).toThrow('field encryption key is not configured');
      expect(() => Unconfigured.decrypt(FieldCipher.encrypt('123'))).toThrow('field encryption key is not configured');
    });
  });
});
