import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, Clock, InjectResource, LinkSigner, NotFoundError, plainRows, Scope } from '@estate/shared-kernel';
import { LiveCases } from '@estate/case';
import type { StoredDocument } from '../domain/document';
import { DocumentStorage } from './document-storage.port';

/** What a signed download link's signature is for: a token signed for another use opens no document. */
const PURPOSE = 'document-download';
const SUBJECT = /^([0-9A-HJKMNP-TV-Z]{26})\.(\d{1,12})$/;
export const DEFAULT_LINK_SECONDS = 900;

/** A document's bytes with what describes them, for a download's headers. */
export interface DocumentDownload {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  open: () => Promise<Readable>;
}

/**
 * Downloads of a document's bytes (contract §11.1): by the case's own route, or by a signed link that needs no
 * `Authorization` — the token is the document id and the expiry, signed with HMAC-SHA256 (the kernel's `LinkSigner`,
 * under a purpose of its own). An expired or forged token, or a document deleted since (or whose case was), is 404
 * alike.
 */
@Injectable()
export class DocumentDownloads {
  constructor(
    @InjectResource('document') private readonly resource: CaseResource<StoredDocument>,
    private readonly reader: CaseResourceReader,
    private readonly storage: DocumentStorage,
    private readonly signer: LinkSigner,
    private readonly clock: Clock,
    private readonly em: EntityManager,
    private readonly cases: LiveCases,
  ) {}

  async ofCase(scope: Scope, id: string): Promise<DocumentDownload> {
    return this.downloadOf(await this.reader.load(this.resource, scope, id));
  }

  /** A link to a document of the case, working for `seconds`. */
  async link(scope: Scope, id: string, seconds: number): Promise<{ token: string; expiresAt: Date }> {
    const record = await this.reader.load(this.resource, scope, id);
    const expiresAt = new Date(Math.ceil((this.clock.now().getTime() + seconds * 1000) / 1000) * 1000);
    return { token: this.signer.sign(PURPOSE, `${record.id}.${expiresAt.getTime() / 1000}`), expiresAt };
  }

  async ofLink(token: string): Promise<DocumentDownload> {
    const subject = SUBJECT.exec(this.signer.verify(PURPOSE, token) ?? '');
    if (!subject || Number(subject[2]) * 1000 <= this.clock.now().getTime()) throw new NotFoundError('document');
    const [row] = await plainRows<{ file_name: string; content_type: string; size_bytes: number; sha256: string; id: string; case_id: string }>(
      this.em,
      'select id, case_id, file_name, content_type, size_bytes, sha256 from documents where id = $1',
      [subject[1]],
    );
    // The case's liveness is the case context's answer: from memory once this process knows the case, so the link
    // still costs one round trip.
    if (!row || !(await this.cases.isLive(row.case_id))) throw new NotFoundError('document');
    return { fileName: row.file_name, contentType: row.content_type, sizeBytes: row.size_bytes, sha256: row.sha256, open: () => this.storage.open(row.id) };
  }

  private downloadOf(record: StoredDocument): DocumentDownload {
    return {
      fileName: record.fileName,
      contentType: record.contentType,
      sizeBytes: record.sizeBytes,
      sha256: record.sha256,
      open: () => this.storage.open(record.id),
    };
  }
}
