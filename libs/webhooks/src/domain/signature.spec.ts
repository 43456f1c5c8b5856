import { createHmac } from 'node:crypto';
import { keyOfSecret, newWebhookSecret, signatureHeader } from './signature';

describe('webhook signatures (contract §14.5)', () => {
  const vectorSecret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
  const vectorBody =
    '{"id":"01JF7Q3Z8X5N2M4K6P9R0T1V3W","type":"case.created","case_id":"01JF7Q2A0B1C2D3E4F5G6H7J8K","created_at":"2026-01-01T00:00:00.000Z","data":{"object":{"id":"01JF7Q2A0B1C2D3E4F5G6H7J8K"},"actor":{"type":"user","id":"01JF7PZZ0000000000000000AB"}}}';

  it('gives the test vector of the contract', () => {
    expect(signatureHeader([vectorSecret], '01JF7Q3Z8X5N2M4K6P9R0T1V3W', 1767225600, vectorBody)).toBe('v1,pif5PScbjGPNgnwrsCb2PpqJz4SVLSJMNFPBqNNS3uM=');
  });

  it('decodes the key after whsec_ (the bytes 0x00–0x1f of the vector)', () => {
    expect([...keyOfSecret(vectorSecret)]).toEqual(Array.from({ length: 32 }, (_unused, index) => index));
    expect(() => keyOfSecret('AAECAwQF')).toThrow('whsec_');
  });

  it('signs with every live secret, space-separated, the current one first', () => {
    const other = newWebhookSecret();
    const header = signatureHeader([other, vectorSecret], '01JF7Q3Z8X5N2M4K6P9R0T1V3W', 1767225600, vectorBody);
    const [first, second] = header.split(' ');
    expect(second).toBe('v1,pif5PScbjGPNgnwrsCb2PpqJz4SVLSJMNFPBqNNS3uM=');
    expect(first).toBe(`v1,${createHmac('sha256', keyOfSecret(other)).update(`01JF7Q3Z8X5N2M4K6P9R0T1V3W.1767225600.${vectorBody}`).digest('base64')}`);
  });

  it('signs the exact bytes: one character more changes the signature', () => {
    expect(signatureHeader([vectorSecret], '01JF7Q3Z8X5N2M4K6P9R0T1V3W', 1767225600, `${vectorBody} `)).not.toBe('v1,pif5PScbjGPNgnwrsCb2PpqJz4SVLSJMNFPBqNNS3uM=');
  });

  it('makes secrets of whsec_ and 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(keyOfSecret(secret)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
