import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { documentResource } from '@estate/documents';
import { VerificationDocuments } from '../application/ports/verification-documents.port';

/** The documents context's declared records, read on the caller's unit of work (whole records: no partial entities). */
@Injectable()
export class DeclaredVerificationDocuments extends VerificationDocuments {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async typesOf(caseId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const documents = await this.em.find(documentResource.schema, { caseId, id: { $in: [...ids] } });
    return new Map(documents.map((document) => [document.id, document.type]));
  }
}
