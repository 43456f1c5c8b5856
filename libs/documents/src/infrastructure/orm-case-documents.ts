import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UploadDocument } from '../application/upload-document';
import { CaseDocuments, NewDocument, ReceivedFile } from '../ports';
import { DocumentSchema } from './persistence/document.schema';

@Injectable()
export class OrmCaseDocuments extends CaseDocuments {
  constructor(private readonly uploads: UploadDocument) {
    super();
  }

  create(caseId: string, file: ReceivedFile, fields: NewDocument): Promise<Record<string, unknown>> {
    return this.uploads.createFor(caseId, file, fields);
  }

  async exists(em: EntityManager, caseId: string, documentId: string): Promise<boolean> {
    return (await em.count(DocumentSchema, { caseId, id: documentId })) > 0;
  }
}
