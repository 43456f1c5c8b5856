import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { declaredCaseResources, declaredSingletonResources, referencedKinds, toCamelCase } from '@estate/shared-kernel';
import { DocumentReferences, DocumentReferrer, DocumentReferrers } from '../ports';

/**
 * The referrers of a document: those the other contexts' registered `DocumentReferrers` answer, and the records of any
 * declared case resource or one-per-case record (named by its case's id, as `related_id` names it) with a `references`
 * field pointing at documents (found without a registration). Read in the running transaction (the deletion's).
 * Ordered by kind and id, so a `409` names them the same way every time.
 */
@Injectable()
export class DeclaredDocumentReferences extends DocumentReferences {
  private readonly registered: DocumentReferrers[] = [];

  constructor(private readonly em: EntityManager) {
    super();
  }

  register(referrers: DocumentReferrers): void {
    this.registered.push(referrers);
  }

  async referrersOf(caseId: string, documentId: string): Promise<DocumentReferrer[]> {
    const em = this.em;
    const found: DocumentReferrer[] = [];
    for (const referrers of this.registered) found.push(...(await referrers.namingDocument(caseId, documentId)));
    for (const resource of declaredCaseResources()) {
      for (const [field, target] of Object.entries(resource.references ?? {})) {
        if (!referencedKinds(target).some((kind) => kind.name === 'document')) continue;
        const rows = (await em.find(resource.schema, { caseId, [toCamelCase(field)]: documentId } as never, { fields: ['id'] as never })) as Array<{ id: string }>;
        found.push(...rows.map((row) => ({ type: resource.eventKey, id: row.id })));
      }
    }
    for (const resource of declaredSingletonResources()) {
      for (const [field, target] of Object.entries(resource.references ?? {})) {
        if (!referencedKinds(target).some((kind) => kind.name === 'document')) continue;
        if ((await em.count(resource.schema, { caseId, [toCamelCase(field)]: documentId } as never)) > 0) found.push({ type: resource.manifest.events.key, id: caseId });
      }
    }
    const unique = new Map(found.map((referrer) => [`${referrer.type}:${referrer.id}`, referrer]));
    return [...unique.values()].sort((a, b) => (a.type === b.type ? a.id.localeCompare(b.id) : a.type.localeCompare(b.type)));
  }
}
