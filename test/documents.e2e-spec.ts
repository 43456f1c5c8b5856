import { LinkSigner, representationOf } from '@estate/shared-kernel';
import { DocumentReferences, documentResource } from '@estate/documents';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { JPEG, pdfBytes, PNG, sha256, tiffBytes, upload } from './support/document-files';
import { overrideEnv } from './support/env';
import { PrivateRedis } from './support/private-redis';

const MAX = 26_214_400;

/** Reads a binary body whole (supertest buffers only text by default). */
const binary = (res: any, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('documents (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let caseId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    caseId = await newCase(t, owner);
    base = `/v1/cases/${caseId}/documents`;
  });
  afterAll(() => t.close());

  describe('upload', () => {
    it('stores a PDF: computed digest, size and pages, the cleaned file name, the uploader; bytes encrypted at rest; document.created', async () => {
      const bytes = pdfBytes(3);
      const res = await upload(t, owner, caseId, { bytes, filename: '..\\..\\scans/de\u202eath\u200b cert.pdf', fields: { type: 'death_certificate', title: 'Certificate', sha256: sha256(bytes).toUpperCase() } });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(Object.keys(res.body.data).sort()).toEqual(representationOf(documentResource).sort());
      expect(res.body.data).toMatchObject({
        case_id: caseId,
        type: 'death_certificate',
        title: 'Certificate',
        file_name: 'death cert.pdf',
        content_type: 'application/pdf',
        size_bytes: bytes.length,
        sha256: sha256(bytes),
        page_count: 3,
        related_type: null,
        uploaded_by: owner.userId,
      });
      const rows = await t.sql<{ data: Buffer }>('select data from document_contents where document_id = $1', [res.body.data.id]);
      expect(rows.length).toBe(1);
      expect(rows[0].data.includes(Buffer.from('%PDF'))).toBe(false);
      const [event] = await t.sql<{ type: string }>("select type from events where case_id = $1 and type = 'document.created' and data->'object'->>'id' = $2", [caseId, res.body.data.id]);
      expect(event?.type).toBe('document.created');
    });

    it('counts TIFF pages, leaves page_count null for PNG and JPEG, names a nameless file "document"', async () => {
      const tiff = await upload(t, owner, caseId, { bytes: tiffBytes(4), contentType: 'image/tiff', filename: 'scan.tiff' }).expect(201);
      expect(tiff.body.data.page_count).toBe(4);
      const png = await upload(t, owner, caseId, { bytes: PNG, contentType: 'image/png', filename: '..' });
      expect({ status: png.status, error: png.body.error }).toEqual({ status: 201, error: undefined });
      expect(png.body.data).toMatchObject({ page_count: null, file_name: 'document', content_type: 'image/png' });
      const jpeg = await upload(t, owner, caseId, { bytes: JPEG, contentType: 'image/jpeg', filename: 'photo.jpg' }).expect(201);
      expect(jpeg.body.data.page_count).toBeNull();
    });

    it('accepts exactly 25 MiB and answers 413 to one byte more, writing nothing', async () => {
      const exact = await upload(t, owner, caseId, { bytes: pdfBytes(1, MAX) });
      expect(exact.status).toBe(201);
      expect(exact.body.data.size_bytes).toBe(MAX);
      const before = await t.sql('select id from documents where case_id = $1', [caseId]);
      expectError(await upload(t, owner, caseId, { bytes: pdfBytes(1, MAX + 1) }), 413, 'payload_too_large');
      expect((await t.sql('select id from documents where case_id = $1', [caseId])).length).toBe(before.length);
    }, 60_000);

    it('415 for a JSON body, for a declared type outside the four, and for first bytes that do not match the declared type', async () => {
      expectError(await t.http().post(base).set(owner.auth).send({ type: 'will' }), 415, 'unsupported_media_type');
      const text = await upload(t, owner, caseId, { bytes: Buffer.from('hello'), contentType: 'text/plain', filename: 'a.txt' });
      expectError(text, 415, 'unsupported_media_type');
      expect(detailFields(text)).toEqual(['file']);
      const disguised = await upload(t, owner, caseId, { bytes: PNG, contentType: 'application/pdf' });
      expectError(disguised, 415, 'unsupported_media_type');
      expect(detailFields(disguised)).toEqual(['file']);
    });

    it('422 for an empty file (before any content check), a missing file part, a bad text part and a wrong sha256', async () => {
      const empty = await upload(t, owner, caseId, { bytes: Buffer.alloc(0), contentType: 'text/plain' });
      expectError(empty, 422, 'validation_error');
      expect(detailFields(empty)).toEqual(['file']);
      const noFile = await t.http().post(base).set(owner.auth).field('type', 'will');
      expectError(noFile, 422, 'validation_error');
      expect(detailFields(noFile)).toContain('file');
      const badType = await upload(t, owner, caseId, { fields: { type: 'recipe', colour: 'blue' } });
      expectError(badType, 422, 'validation_error');
      expect(detailFields(badType).sort()).toEqual(['colour', 'type']);
      const digest = await upload(t, owner, caseId, { fields: { type: 'will', sha256: sha256(Buffer.from('other')) } });
      expectError(digest, 422, 'validation_error');
      expect(detailFields(digest)).toEqual(['sha256']);
      const related = await upload(t, owner, caseId, { fields: { type: 'will', related_type: 'vehicle', related_id: UNKNOWN_ID } });
      expectError(related, 422, 'validation_error');
      expect(detailFields(related)).toEqual(['related_id']);
    });

    it('relates a document to a record of the case, and to the case itself', async () => {
      const vehicle = await t.http().post(`/v1/cases/${caseId}/vehicles`).set(owner.auth).send({ vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' }).expect(201);
      const res = await upload(t, owner, caseId, { fields: { type: 'property_deed', related_type: 'vehicle', related_id: vehicle.body.data.id } }).expect(201);
      expect(res.body.data).toMatchObject({ related_type: 'vehicle', related_id: vehicle.body.data.id });
      await upload(t, owner, caseId, { fields: { type: 'other', related_type: 'case', related_id: caseId } }).expect(201);
      const half = await upload(t, owner, caseId, { fields: { type: 'other', related_type: 'case' } });
      expectError(half, 422, 'validation_error');
      expect(detailFields(half)).toEqual(['related_id']);
    });

    it('replays an Idempotency-Key retry (new boundary) on the same parts and file; 409 for another file or other parts', async () => {
      const key = `doc-${Date.now()}`;
      const first = await upload(t, owner, caseId, { key, fields: { type: 'will', title: 'Will' } }).expect(201);
      const again = await upload(t, owner, caseId, { key, fields: { type: 'will', title: 'Will' } }).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data.id).toBe(first.body.data.id);
      expectError(await upload(t, owner, caseId, { key, bytes: pdfBytes(5), fields: { type: 'will', title: 'Will' } }), 409, 'idempotency_conflict');
      expectError(await upload(t, owner, caseId, { key, fields: { type: 'will', title: 'Another' } }), 409, 'idempotency_conflict');
      expect((await t.sql('select id from documents where title = $1 and case_id = $2', ['Will', caseId])).length).toBe(1);
    });

    it('401 without a token; 404 for another organization’s case and an unknown case, writing nothing', async () => {
      const count = (await t.sql('select id from documents')).length;
      expectError(await t.http().post(base).attach('file', pdfBytes(), { filename: 'a.pdf', contentType: 'application/pdf' }).field('type', 'will'), 401, 'unauthorized');
      expectError(await upload(t, stranger, caseId), 404, 'not_found');
      expectError(await upload(t, owner, UNKNOWN_ID), 404, 'not_found');
      expect((await t.sql('select id from documents')).length).toBe(count);
    });
  });

  describe('content', () => {
    it('streams the bytes with ETag, Repr-Digest (RFC 9530), Content-Disposition (RFC 6266), type and length; 304 on If-None-Match', async () => {
      const bytes = pdfBytes(2);
      const doc = (await upload(t, owner, caseId, { bytes, filename: 'Übersicht final.pdf' }).expect(201)).body.data;
      const res = await t.http().get(`${base}/${doc.id}/content`).set(owner.auth).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(Buffer.compare(res.body, bytes)).toBe(0);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers.etag).toBe(`"${sha256(bytes)}"`);
      expect(res.headers['repr-digest']).toBe(`sha-256=:${Buffer.from(sha256(bytes), 'hex').toString('base64')}:`);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="_bersicht final.pdf"; filename*=UTF-8''%C3%9Cbersicht%20final.pdf`);
      const plain = (await upload(t, owner, caseId, { filename: 'plain.pdf' }).expect(201)).body.data;
      const plainRes = await t.http().get(`${base}/${plain.id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
      expect(plainRes.headers['content-disposition']).toBe(`attachment; filename="plain.pdf"; filename*=UTF-8''plain.pdf`);
      const cached = await t.http().get(`${base}/${doc.id}/content`).set(owner.auth).set('If-None-Match', res.headers.etag);
      expect(cached.status).toBe(304);
    });

    it('404 (JSON) for an unknown document, another organization, an unknown case; 401 without a token', async () => {
      const doc = (await upload(t, owner, caseId).expect(201)).body.data;
      expectError(await t.http().get(`${base}/${UNKNOWN_ID}/content`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().get(`${base}/${doc.id}/content`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().get(`/v1/cases/${UNKNOWN_ID}/documents/${doc.id}/content`).set(owner.auth), 404, 'not_found');
      expectError(await t.http().get(`${base}/${doc.id}/content`), 401, 'unauthorized');
    });
  });

  describe('signed download links', () => {
    it('makes an absolute link that works without Authorization; expired, forged and deleted are 404', async () => {
      const bytes = pdfBytes(1);
      const doc = (await upload(t, owner, caseId, { bytes }).expect(201)).body.data;
      const made = await t.http().post(`${base}/${doc.id}/download-links`).set(owner.auth).send({ expires_in: 120 });
      expect(made.status).toBe(201);
      const url = new URL(made.body.data.url);
      expect(url.pathname).toMatch(/^\/v1\/document-downloads\/[0-9A-Z]{26}\.\d+\.[A-Za-z0-9_-]{43}$/);
      const expiresAt = Date.parse(made.body.data.expires_at);
      expect(expiresAt - Date.now()).toBeGreaterThan(100_000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(121_000);
      const fetched = await t.http().get(url.pathname).buffer(true).parse(binary);
      expect(fetched.status).toBe(200);
      expect(Buffer.compare(fetched.body, bytes)).toBe(0);
      expect(fetched.headers.etag).toBe(`"${sha256(bytes)}"`);
      expect((await t.http().get(url.pathname).set('If-None-Match', fetched.headers.etag)).status).toBe(304);
      const byDefault = await t.http().post(`${base}/${doc.id}/download-links`).set(owner.auth).expect(201);
      expect(Math.round((Date.parse(byDefault.body.data.expires_at) - Date.now()) / 1000)).toBeGreaterThan(890);

      const signer = t.app.get(LinkSigner);
      const expired = signer.sign('document-download', `${doc.id}.${Math.floor(Date.now() / 1000) - 1}`);
      expectError(await t.http().get(`/v1/document-downloads/${expired}`), 404, 'not_found');
      const token = url.pathname.split('/').pop() as string;
      const forged = `${doc.id}.${Number(token.split('.')[1]) + 3600}.${token.split('.')[2]}`;
      expectError(await t.http().get(`/v1/document-downloads/${forged}`), 404, 'not_found');
      const otherPurpose = signer.sign('deadline-feed', `${doc.id}.${Math.floor(Date.now() / 1000) + 600}`);
      expectError(await t.http().get(`/v1/document-downloads/${otherPurpose}`), 404, 'not_found');
      await t.http().delete(`${base}/${doc.id}`).set(owner.auth).expect(204);
      expectError(await t.http().get(url.pathname), 404, 'not_found');
    });

    it('refuses expires_in outside 60–3600 (422) and documents of other cases (404)', async () => {
      const doc = (await upload(t, owner, caseId).expect(201)).body.data;
      const res = await t.http().post(`${base}/${doc.id}/download-links`).set(owner.auth).send({ expires_in: 59 });
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual(['expires_in']);
      expectError(await t.http().post(`${base}/${doc.id}/download-links`).set(owner.auth).send({ expires_in: 3601 }), 422, 'validation_error');
      expectError(await t.http().post(`${base}/${doc.id}/download-links`).set(stranger.auth).send({}), 404, 'not_found');
      expectError(await t.http().post(`${base}/${UNKNOWN_ID}/download-links`).set(owner.auth).send({}), 404, 'not_found');
    });
  });

  describe('patch and delete', () => {
    it('patches the writable fields only, with If-Match; the bytes never change; document.updated', async () => {
      const doc = (await upload(t, owner, caseId).expect(201)).body.data;
      const read = await t.http().get(`${base}/${doc.id}`).set(owner.auth).expect(200);
      const patched = await t.http().patch(`${base}/${doc.id}`).set(owner.auth).set('If-Match', read.headers.etag).send({ title: 'Renamed', file_name: 'new name.pdf', type: 'court_order' });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ title: 'Renamed', file_name: 'new name.pdf', type: 'court_order', sha256: doc.sha256, size_bytes: doc.size_bytes });
      expectError(await t.http().patch(`${base}/${doc.id}`).set(owner.auth).set('If-Match', read.headers.etag).send({ title: 'Stale' }), 412, 'precondition_failed');
      const readOnly = await t.http().patch(`${base}/${doc.id}`).set(owner.auth).send({ sha256: '0'.repeat(64), size_bytes: 1 });
      expectError(readOnly, 422, 'validation_error');
      expect(detailFields(readOnly).sort()).toEqual(['sha256', 'size_bytes']);
      const badName = await t.http().patch(`${base}/${doc.id}`).set(owner.auth).send({ file_name: '../etc/passwd' });
      expectError(badName, 422, 'validation_error');
      expect(detailFields(badName)).toEqual(['file_name']);
      expectError(await t.http().patch(`${base}/${doc.id}`).set(owner.auth).send({ file_name: null }), 422, 'validation_error');
      const [event] = await t.sql<{ type: string }>("select type from events where type = 'document.updated' and data->'object'->>'id' = $1", [doc.id]);
      expect(event?.type).toBe('document.updated');
    });

    it('409 document_in_use naming every referrer (the port other contexts register with), nothing deleted; then 204 with its bytes gone and document.deleted', async () => {
      const doc = (await upload(t, owner, caseId).expect(201)).body.data;
      let referring = true;
      t.app.get(DocumentReferences).register({
        namingDocument: async (_caseId, documentId) =>
          referring && documentId === doc.id ? [{ type: 'statement', id: UNKNOWN_ID }, { type: 'filing', id: '01BX5ZZKBKACTAV9WEVGEMMVS0' }] : [],
      });
      const refused = await t.http().delete(`${base}/${doc.id}`).set(owner.auth);
      expectError(refused, 409, 'document_in_use');
      expect(detailFields(refused)).toEqual(['filing:01BX5ZZKBKACTAV9WEVGEMMVS0', `statement:${UNKNOWN_ID}`]);
      expect((await t.sql('select 1 from document_contents where document_id = $1', [doc.id])).length).toBe(1);
      referring = false;
      const read = await t.http().get(`${base}/${doc.id}`).set(owner.auth).expect(200);
      expectError(await t.http().delete(`${base}/${doc.id}`).set(owner.auth).set('If-Match', '"stale"'), 412, 'precondition_failed');
      await t.http().delete(`${base}/${doc.id}`).set(owner.auth).set('If-Match', read.headers.etag).expect(204);
      expect(await t.sql('select 1 from document_contents where document_id = $1', [doc.id])).toEqual([]);
      expectError(await t.http().get(`${base}/${doc.id}/content`).set(owner.auth), 404, 'not_found');
      const [event] = await t.sql<{ type: string }>("select type from events where type = 'document.deleted' and data->'object'->>'id' = $1", [doc.id]);
      expect(event?.type).toBe('document.deleted');
    });
  });
});

describe('signed download links: a window per client address (e2e, contract-extensions §13.4)', () => {
  let redis: PrivateRedis;
  let restoreEnv: () => void;
  let t: TestApp;

  beforeAll(async () => {
    // A Redis of its own: the counters of 127.0.0.1 are shared by every suite on the machine's Redis.
    redis = await PrivateRedis.start();
    restoreEnv = overrideEnv({ REDIS_URL: redis.url });
    t = await createTestApp({ downloadRateLimit: 3 });
  });
  afterAll(async () => {
    await t?.close();
    restoreEnv?.();
    await redis?.stop();
  });

  it('answers the links of one address up to its limit (live or not), then 429 with Retry-After; a token holder is not counted', async () => {
    const owner = await t.invite();
    const caseId = await newCase(t, owner);
    const doc = (await upload(t, owner, caseId, { bytes: pdfBytes(1) }).expect(201)).body.data;
    const link = new URL((await t.http().post(`/v1/cases/${caseId}/documents/${doc.id}/download-links`).set(owner.auth).expect(201)).body.data.url).pathname;
    const statuses: number[] = [];
    for (const path of [link, link, '/v1/document-downloads/forged']) {
      const res = await t.http().get(path);
      statuses.push(res.status);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
    }
    expect(statuses).toEqual([200, 200, 404]);
    const limited = await t.http().get(link);
    expectError(limited, 429, 'rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.http().get(`/v1/cases/${caseId}/documents/${doc.id}`).set(owner.auth).expect(200);
  });
});
