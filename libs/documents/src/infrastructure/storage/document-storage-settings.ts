/**
 * The storage settings of contract §15.3 (`DOCUMENT_STORAGE`, `S3_ENDPOINT`, `S3_BUCKET`), read from the environment
 * when the documents module loads. Credentials are not settings of this service: the AWS SDK reads them from the
 * environment itself (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, or a role), with `AWS_REGION` (default `us-east-1`).
 */
export class DocumentStorageSettings {
  constructor(
    readonly kind: 'postgres' | 's3',
    readonly s3?: { endpoint: string | undefined; bucket: string; region: string },
  ) {}
}

export function documentStorageSettings(env: NodeJS.ProcessEnv): DocumentStorageSettings {
  const kind = (env.DOCUMENT_STORAGE || 'postgres').toLowerCase();
  if (kind === 'postgres') return new DocumentStorageSettings(kind);
  if (kind !== 's3') throw new Error(`DOCUMENT_STORAGE must be "postgres" or "s3", got "${env.DOCUMENT_STORAGE}"`);
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when DOCUMENT_STORAGE=s3');
  return new DocumentStorageSettings(kind, { endpoint: env.S3_ENDPOINT || undefined, bucket: env.S3_BUCKET, region: env.AWS_REGION || 'us-east-1' });
}
