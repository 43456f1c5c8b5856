import type { OpenAPIObject } from '@nestjs/swagger';
import { errorDocUrl, EXAMPLE_ORIGIN } from '@estate/shared-kernel';
import { documentOnRequestHost, freshIdempotencyKey } from './reference-page';

type Node = Record<string, any>;

const example = (host: string) => `${host}/v1/docs#error-not_found`;

function documentWithExample(): OpenAPIObject {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/x': { get: { responses: { '404': { description: 'n', content: { 'application/json': { example: { error: { doc_url: example(EXAMPLE_ORIGIN) } } } } } } } } },
    components: { schemas: { Link: { type: 'object', properties: { url: { type: 'string', example: `${EXAMPLE_ORIGIN}/v1/document-downloads/t` } } } } },
  } as unknown as OpenAPIObject;
}

const docUrlOf = (document: OpenAPIObject) => (document.paths['/x'].get?.responses['404'] as Node).content['application/json'].example.error.doc_url;

describe('the reference page', () => {
  it('serves the document with its examples on the host the request reached, as a real error names it', () => {
    const document = documentWithExample();
    const req = { protocol: 'https', headers: { host: 'estate.example.org' } };
    const served = documentOnRequestHost(req, document);
    expect(docUrlOf(served)).toBe(errorDocUrl(req, 'not_found'));
    expect((served.components?.schemas?.Link as Node).properties.url.example).toBe('https://estate.example.org/v1/document-downloads/t');
    // The built document is left as it was; a copy is made for each request and kept by none.
    expect(docUrlOf(document)).toBe(example(EXAMPLE_ORIGIN));
    const again = documentOnRequestHost(req, document);
    expect(again).not.toBe(served);
    expect(again).toEqual(served);
    expect(documentOnRequestHost({ protocol: 'http', headers: { host: 'localhost:3000' } }, document)).toBe(document);
  });

  it('writes a Host with a quote in it as JSON text', () => {
    const document = documentWithExample();
    const odd = documentOnRequestHost({ protocol: 'http', headers: { host: 'a"b' } }, document);
    expect(docUrlOf(odd)).toBe('http://a"b/v1/docs#error-not_found');
  });

  it('gives a POST without an Idempotency-Key a fresh UUID, and leaves a given key and other methods alone', () => {
    const keys = [1, 2, 3].map(() => freshIdempotencyKey({ method: 'POST', headers: {} }).headers?.['Idempotency-Key']);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(3);
    expect(freshIdempotencyKey({ method: 'post' }).headers?.['Idempotency-Key']).toBeDefined();
    expect(freshIdempotencyKey({ method: 'POST', headers: { 'IDEMPOTENCY-KEY': 'mine' } }).headers).toEqual({ 'IDEMPOTENCY-KEY': 'mine' });
    expect(freshIdempotencyKey({ method: 'PATCH', headers: {} }).headers).toEqual({});
  });
});
