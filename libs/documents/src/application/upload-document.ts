import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CaseResourceReader, Clock, InjectResource, JsonObject, ResourceEvents, SingleResource, subjectOf, ValidationFailedError } from '@estate/shared-kernel';
import type { StoredDocument } from '../domain/document';
import { DocumentContentType, DocumentType } from '../domain/document-vocabulary';
import type { NewDocument, ReceivedFile } from '../ports';
import { DocumentStorage } from './document-storage.port';
import { PageCounter } from './page-counter.port';

/**
 * Makes a document from a received file (contract §11.1): the client's digest checked, the relation checked, then the
 * record and its bytes written in one transaction with its `document.created` event. A received upload comes with its
 * pages already counted, before any database work (amended 2026-12-01); only a provider's file is counted here.
 */
@Injectable()
export class UploadDocument {
  constructor(
    @InjectResource('document') private readonly resource: CaseResource<StoredDocument>,
    private readonly writes: AggregateWrites,
    private readonly storage: DocumentStorage,
    private readonly pages: PageCounter,
    private readonly clock: Clock,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly em: EntityManager,
  ) {}

  /** The route's upload: `clientDigest` is the `sha256` text part, if sent. */
  async execute(caseId: string, file: ReceivedFile, fields: NewDocument, clientDigest: string | null): Promise<SingleResource> {
    this.assertDigest(file, clientDigest);
    return this.add(caseId, file, fields);
  }

  /** The client's integrity check: a `sha256` part that is not the digest of the bytes received is `422` on `sha256`. */
  assertDigest(file: ReceivedFile, clientDigest: string | null): void {
    if (clientDigest !== null && clientDigest.toLowerCase() !== file.sha256) {
      throw new ValidationFailedError([{ field: 'sha256', message: `sha256 does not match the file received (its SHA-256 is ${file.sha256})`, reason: 'rule' }]);
    }
  }

  /** The same from another context's use case: it joins the caller's unit of work (contract §11.2's statement upload). */
  async createFor(caseId: string, file: ReceivedFile, fields: NewDocument): Promise<Record<string, unknown>> {
    return (await this.add(caseId, file, fields)).data as Record<string, unknown>;
  }

  /**
   * The same inside a transaction that holds its own locks and must not take the case row after them: a provider step
   * holds its record's row, and the one lock order is the case row first (a notarization's notarized PDF). The record,
   * its bytes and `document.created` go in the caller's running transaction.
   */
  async createWithin(caseId: string, file: Omit<ReceivedFile, 'pageCount'>, fields: NewDocument): Promise<StoredDocument> {
    // Counting has a bounded cost (a second at most, linear in the size), so it may run inside the provider's step.
    const pageCount = await this.pages.count(file.path, file.contentType as DocumentContentType);
    const record = await this.build(this.em, caseId, { ...file, pageCount }, fields);
    await this.events.created(this.em, subjectOf(this.resource, { caseId }), this.reader.view(this.resource, record));
    return record;
  }

  private add(caseId: string, file: ReceivedFile, fields: NewDocument): Promise<SingleResource> {
    return this.writes.add(this.resource, { caseId }, (_clock, em) => this.build(em, caseId, file, fields));
  }

  private async build(em: EntityManager, caseId: string, file: ReceivedFile, fields: NewDocument): Promise<StoredDocument> {
    const problems = (await this.resource.rules?.(
      { related_type: fields.relatedType ?? null, related_id: fields.relatedId ?? null, file_name: file.fileName } as JsonObject,
      { em, scope: { caseId }, clock: this.clock },
    )) ?? [];
    if (problems.length > 0) throw new ValidationFailedError(problems);
    const now = this.clock.now();
    const record = em.create(this.resource.schema, {
      id: ulid(),
      caseId,
      type: fields.type as DocumentType,
      title: fields.title ?? null,
      fileName: file.fileName,
      contentType: file.contentType as DocumentContentType,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      pageCount: file.pageCount,
      relatedType: fields.relatedType ?? null,
      relatedId: fields.relatedId ?? null,
      uploadedBy: fields.uploadedBy,
      notes: fields.notes ?? null,
      createdAt: now,
      updatedAt: now,
    } as never) as StoredDocument;
    // The bytes reference the record: the row goes first, the bytes in the same transaction.
    await em.flush();
    await this.storage.store(record.id, file);
    return record;
  }
}
