import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { JobQueue } from '@estate/shared-kernel';
import { DocumentStorage } from '@estate/documents';
import { PROMOTE_QUEUE, REMOVE_QUEUE, type S3DocumentStorage } from '@estate/documents';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { freePort } from './support/free-port';
import { newCase } from './support/assets-holdings-fixtures';
import { pdfBytes, sha256, upload } from './support/document-files';

const BUCKET = 'estate-documents';
const SETTINGS = ['DOCUMENT_STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'JOBS'] as const;

/** Reads a binary body whole (supertest buffers only text by default). */
const binary = (res: any, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/**
 * The S3 adapter (`DOCUMENT_STORAGE=s3`) against a real S3-protocol server (s3rver, started here on a free port with
 * its own directory): the official SDK speaks HTTP to it, nothing is mocked.
 */
describe('documents in S3-compatible storage (e2e)', () => {
  let server: S3rver;
  let directory: string;
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let storage: S3DocumentStorage;
  const saved: Partial<Record<(typeof SETTINGS)[number], string>> = {};
  /** The server-side encryption each PutObject and CopyObject asked for, as sent on the wire. */
  const encryptionAsked: Array<{ command: string; sse: string | undefined }> = [];

  const exists = async (key: string) =>
    storage.client
      .send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
      .then(() => true)
      .catch(() => false);

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 's3rver-'));
    const port = await freePort();
    server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await server.run();
    for (const name of SETTINGS) saved[name] = process.env[name];
    Object.assign(process.env, {
      DOCUMENT_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      // The queues are stepped by the tests (`runDue`), so each shows the state before and after a job.
      JOBS: 'off',
    });
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner);
    storage = t.app.get(DocumentStorage) as S3DocumentStorage;
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { headers?: Record<string, string> };
        if (context.commandName === 'PutObjectCommand' || context.commandName === 'CopyObjectCommand') {
          encryptionAsked.push({ command: context.commandName, sse: request.headers?.['x-amz-server-side-encryption'] });
        }
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordServerSideEncryption' },
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('is the configured adapter, and keeps no bytes in PostgreSQL', async () => {
    // The class is exported as a type only (the AWS SDK loads with it, and only where S3 is configured).
    expect(storage.constructor.name).toBe('S3DocumentStorage');
    const doc = (await upload(t, owner, caseId).expect(201)).body.data;
    expect(await t.sql('select 1 from document_contents where document_id = $1', [doc.id])).toEqual([]);
  });

  it('uploads to a temporary key with server-side encryption, readable at once; the job renames it after the commit', async () => {
    const bytes = pdfBytes(4);
    encryptionAsked.length = 0;
    const doc = (await upload(t, owner, caseId, { bytes }).expect(201)).body.data;
    expect(doc).toMatchObject({ sha256: sha256(bytes), page_count: 4, size_bytes: bytes.length });
    expect(encryptionAsked).toEqual([{ command: 'PutObjectCommand', sse: 'AES256' }]);
    expect(await exists(`documents/${doc.id}`)).toBe(false);
    expect(await exists(`tmp/${doc.id}`)).toBe(true);
    // Served from the temporary key until the rename ran.
    const early = await t.http().get(`/v1/cases/${caseId}/documents/${doc.id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(early.body, bytes)).toBe(0);
    expect(await t.app.get(JobQueue).runDue(PROMOTE_QUEUE, 10)).toBeGreaterThanOrEqual(1);
    expect(await exists(`documents/${doc.id}`)).toBe(true);
    expect(await exists(`tmp/${doc.id}`)).toBe(false);
    expect(encryptionAsked).toContainEqual({ command: 'CopyObjectCommand', sse: 'AES256' });
    const res = await t.http().get(`/v1/cases/${caseId}/documents/${doc.id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(res.body, bytes)).toBe(0);
    expect(res.headers.etag).toBe(`"${sha256(bytes)}"`);
    // A second run of the rename (a retried job) finds nothing to do.
    await storage.promote(doc.id);
    expect(await exists(`documents/${doc.id}`)).toBe(true);
  });

  it('streams a 25 MiB upload and download through the adapter', async () => {
    const bytes = pdfBytes(1, 26_214_400);
    const doc = (await upload(t, owner, caseId, { bytes }).expect(201)).body.data;
    await storage.promote(doc.id);
    const object = await storage.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `documents/${doc.id}` }));
    expect(object.ContentLength).toBe(26_214_400);
    const res = await t.http().get(`/v1/cases/${caseId}/documents/${doc.id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
    expect(sha256(res.body)).toBe(sha256(bytes));
  }, 60_000);

  it('deletes the bytes after the deletion commits', async () => {
    const doc = (await upload(t, owner, caseId).expect(201)).body.data;
    await storage.promote(doc.id);
    await t.http().delete(`/v1/cases/${caseId}/documents/${doc.id}`).set(owner.auth).expect(204);
    // Nothing is removed before the job runs (it is enqueued in the deletion's transaction, so it runs after its commit).
    expect(await exists(`documents/${doc.id}`)).toBe(true);
    expect(await t.app.get(JobQueue).runDue(REMOVE_QUEUE, 10)).toBeGreaterThanOrEqual(1);
    expect(await exists(`documents/${doc.id}`)).toBe(false);
    expect(await exists(`tmp/${doc.id}`)).toBe(false);
  });

  it("a case's deletion removes its documents' objects after the commit, by one job per document; a job run twice is harmless", async () => {
    const doomed = await newCase(t, owner);
    const kept = (await upload(t, owner, caseId).expect(201)).body.data;
    const promoted = (await upload(t, owner, doomed).expect(201)).body.data;
    const fresh = (await upload(t, owner, doomed).expect(201)).body.data;
    // A statement too: its document goes with the case like any other.
    const account = await t.http().post(`/v1/cases/${doomed}/bank-accounts`).set(owner.auth).send({ institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' }).expect(201);
    const statement = await t
      .http()
      .post(`/v1/cases/${doomed}/bank-accounts/${account.body.data.id}/statements`)
      .set(owner.auth)
      .field('period_start', '2026-08-01')
      .field('period_end', '2026-08-31')
      .attach('file', pdfBytes(1), { filename: 'august.pdf', contentType: 'application/pdf' })
      .expect(201);
    const statementDocument: string = statement.body.data.document_id;
    // The uploads renamed; one temporary key left too, as if a rename had not run yet (both keys are removed).
    expect(await t.app.get(JobQueue).runDue(PROMOTE_QUEUE, 10)).toBeGreaterThanOrEqual(1);
    await storage.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `tmp/${fresh.id}`, Body: 'still temporary' }));
    for (const id of [promoted.id, statementDocument]) expect(await exists(`documents/${id}`)).toBe(true);
    expect(await exists(`tmp/${fresh.id}`)).toBe(true);

    await t.http().delete(`/v1/cases/${doomed}`).set(owner.auth).expect(204);
    expect(await t.sql('select id from documents where case_id = $1', [doomed])).toEqual([]);
    // Enqueued in the deletion's transaction, one job per document with its id only; nothing removed before they run.
    const jobs = await t.sql<{ data: { document_id: string } }>("select data from pgboss.job where name = $1 and state = 'created'", [REMOVE_QUEUE]);
    expect(jobs.map((job) => job.data).sort((a, b) => a.document_id.localeCompare(b.document_id))).toEqual(
      [promoted.id, fresh.id, statementDocument].sort().map((id) => ({ document_id: id })),
    );
    expect(await exists(`documents/${promoted.id}`)).toBe(true);

    expect(await t.app.get(JobQueue).runDue(REMOVE_QUEUE, 10)).toBe(3);
    for (const id of [promoted.id, fresh.id, statementDocument]) {
      expect(await exists(`documents/${id}`)).toBe(false);
      expect(await exists(`tmp/${id}`)).toBe(false);
    }
    // The handler is idempotent: a second run (a retried job) finds nothing and succeeds.
    await storage.remove(promoted.id);
    // Another case's document is untouched.
    const res = await t.http().get(`/v1/cases/${caseId}/documents/${kept.id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
    expect(res.body.length).toBe(kept.size_bytes);
  });

  it('sweeps temporary keys older than an hour: an abandoned upload is deleted, a committed one renamed, a fresh one left', async () => {
    const orphan = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
    await storage.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `tmp/${orphan}`, Body: 'abandoned' }));
    // A committed upload whose rename has not run (its job lost, or the queue stopped).
    const bytes = pdfBytes(2);
    const doc = (await upload(t, owner, caseId, { bytes }).expect(201)).body.data;
    expect(await exists(`tmp/${doc.id}`)).toBe(true);

    expect(await storage.sweep(new Date())).toEqual({ promoted: 0, deleted: 0 });
    expect(await exists(`tmp/${orphan}`)).toBe(true);

    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await storage.sweep(later)).toEqual({ promoted: 1, deleted: 1 });
    expect(await exists(`tmp/${orphan}`)).toBe(false);
    expect(await exists(`tmp/${doc.id}`)).toBe(false);
    expect(await exists(`documents/${doc.id}`)).toBe(true);
    const res = await t.http().get(`/v1/cases/${caseId}/documents/${doc.id}/content`).set(owner.auth).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(res.body, bytes)).toBe(0);
  });
});
