import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { plainRows } from '@estate/shared-kernel';
import { CaseDeletionParticipant } from '@estate/case';
import { DocumentStorage } from './document-storage.port';

/**
 * A case's deletion (contract §5) erases its document rows with every other declared record (the kernel's
 * `CaseRecordsEraser`); their bytes go too. This runs inside the deletion's transaction, before the rows are erased:
 * the storage is told every document of the case — the PostgreSQL adapter deletes its rows with them, the S3 adapter
 * enqueues one removal job per document (ids only; deleting a missing key succeeds, so a job may run twice), which
 * exists exactly when the deletion commits and so runs only after it.
 */
@Injectable()
export class EraseCaseDocuments extends CaseDeletionParticipant {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: DocumentStorage,
  ) {
    super();
  }

  async beforeCaseDeleted(caseId: string): Promise<void> {
    const rows = await plainRows<{ id: string }>(this.em, 'select id from documents where case_id = $1', [caseId]);
    await this.storage.discard(rows.map((row) => row.id));
  }
}
