import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { documentResource } from '@estate/documents';
import { findRecords } from '@estate/shared-kernel';
import { VerificationDocuments } from '../application/ports/verification-documents.port';

/** The documents context's declared records, read as plain fields through its statements on the caller's connection. */
@Injectable()
export class DeclaredVerificationDocuments extends VerificationDocuments {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async typesOf(caseId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const documents = await findRecords(this.em, documentResource.schema, [{ caseId, id: { $in: [...ids] } }]);
    return new Map(documents.map((document) => [document.id, document.type]));
  }
}
