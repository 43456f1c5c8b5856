import type { OpenAPIObject } from '@nestjs/swagger';
import { errorDocUrl, EXAMPLE_ORIGIN } from '@estate/shared-kernel';
import { freshIdempotencyKey, referencePage, ServedDocument } from './reference-page';

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
    const served = new ServedDocument(documentWithExample);
    const req = { protocol: 'https', headers: { host: 'estate.example.org' } };
    const document = served.forRequest(req);
    expect(docUrlOf(document)).toBe(errorDocUrl(req, 'not_found'));
    expect((document.components?.schemas?.Link as Node).properties.url.example).toBe('https://estate.example.org/v1/document-downloads/t');
    // A copy is made for each request and kept by none.
    const again = served.forRequest(req);
    expect(again).not.toBe(document);
    expect(again).toEqual(document);
  });

  it('builds the document on the first request only, keeps its text, and serves it as built on the example origin', () => {
    let builds = 0;
    const served = new ServedDocument(() => (builds++, documentWithExample()));
    expect(builds).toBe(0);
    const local = { protocol: 'http', headers: { host: 'localhost:3000' } };
    const first = served.forRequest(local);
    const second = served.forRequest(local);
    served.forRequest({ protocol: 'https', headers: { host: 'estate.example.org' } });
    expect(builds).toBe(1);
    expect(first).toEqual(documentWithExample());
    expect(JSON.stringify(first)).toBe(JSON.stringify(documentWithExample()));
    expect(second).not.toBe(first);
    // What a request changes in its copy is not served to the next.
    (first.info as Node).title = 'changed';
    expect(served.forRequest(local).info.title).toBe('t');
  });

  it('gives Swagger a stand-in to keep, and answers each request from the served document', async () => {
    let builds = 0;
    const page = referencePage(new ServedDocument(() => (builds++, documentWithExample())));
    expect(page.document().paths).toEqual({});
    const req = { protocol: 'https', headers: { host: 'estate.example.org' } };
    const document = await page.options.patchDocumentOnRequest!(req, {}, page.document());
    expect(docUrlOf(document)).toBe(errorDocUrl(req, 'not_found'));
    expect(builds).toBe(1);
  });

  it('writes a Host with a quote in it as JSON text', () => {
    const odd = new ServedDocument(documentWithExample).forRequest({ protocol: 'http', headers: { host: 'a"b' } });
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
