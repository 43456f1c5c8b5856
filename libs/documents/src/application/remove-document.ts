import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, ConflictError, InjectResource, RecordDeletionVetoes, RemoveUseCase } from '@estate/shared-kernel';
import type { StoredDocument } from '../domain/document';
import { DocumentReferences } from '../ports';
import { DocumentStorage } from './document-storage.port';

/**
 * `DELETE …/documents/{id}` (contract §11.1): refused with `409 document_in_use` naming every record that names the
 * document; otherwise the record and, through the storage, its bytes go in one transaction with `document.deleted`.
 */
@Injectable()
export class RemoveDocument implements RemoveUseCase {
  constructor(
    @InjectResource('document') private readonly resource: CaseResource<StoredDocument>,
    private readonly writes: AggregateWrites,
    private readonly references: DocumentReferences,
    private readonly vetoes: RecordDeletionVetoes,
    private readonly storage: DocumentStorage,
  ) {}

  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.resource, scope, id, ifMatch, async (record) => {
      const referrers = await this.references.referrersOf(record.caseId, record.id);
      if (referrers.length > 0) {
        throw new ConflictError(
          'document_in_use',
          `The document is named by ${referrers.length} record${referrers.length === 1 ? '' : 's'}; remove those references first.`,
          referrers.map((referrer) => ({ field: `${referrer.type}:${referrer.id}`, message: `${referrer.type} ${referrer.id} names this document`, reason: 'conflict' as const })),
        );
      }
      await this.vetoes.check(this.resource, record);
      await this.storage.discard([record.id]);
    });
  }
}
