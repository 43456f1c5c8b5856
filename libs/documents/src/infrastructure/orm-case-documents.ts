import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UploadDocument } from '../application/upload-document';
import { CaseDocuments, DocumentFacts, NewDocument, ReceivedFile } from '../ports';
import { documentResource } from '../resources/document.resource';

@Injectable()
export class OrmCaseDocuments extends CaseDocuments {
  constructor(
    private readonly uploads: UploadDocument,
    private readonly em: EntityManager,
  ) {
    super();
  }

  create(caseId: string, file: ReceivedFile, fields: NewDocument): Promise<Record<string, unknown>> {
    return this.uploads.createFor(caseId, file, fields);
  }

  async exists(caseId: string, documentId: string): Promise<boolean> {
    return (await this.em.count(documentResource.schema, { caseId, id: documentId })) > 0;
  }

  async describe(caseId: string, documentIds: readonly string[]): Promise<DocumentFacts[]> {
    if (documentIds.length === 0) return [];
    // Plain rows, not entities: the caller only reads them, and partial entities would stay in its unit of work.
    const rows: Array<{ id: string; file_name: string; content_type: string; page_count: number | null }> = await this.em.execute(
      'select id, file_name, content_type, page_count from documents where case_id = ? and id in (?)',
      [caseId, [...documentIds]],
    );
    return rows.map((row) => ({ id: row.id, fileName: row.file_name, contentType: row.content_type, pageCount: row.page_count }));
  }
}
