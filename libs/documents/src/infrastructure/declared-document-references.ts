import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { declaredCaseResources, declaredSingletonResources, referencedKinds, toCamelCase } from '@estate/shared-kernel';
import { DocumentReferences, DocumentReferrer, DocumentReferrerFinder } from '../ports';

/**
 * The referrers of a document: those found by the finders other contexts registered, and the records of any declared
 * case resource or one-per-case record (named by its case's id, as `related_id` names it) with a `references` field
 * pointing at documents (found without a finder). Ordered by kind and id, so a `409` names them the same way every time.
 */
@Injectable()
export class DeclaredDocumentReferences extends DocumentReferences {
  private readonly finders: DocumentReferrerFinder[] = [];

  register(finder: DocumentReferrerFinder): void {
    this.finders.push(finder);
  }

  async referrersOf(em: EntityManager, caseId: string, documentId: string): Promise<DocumentReferrer[]> {
    const found: DocumentReferrer[] = [];
    for (const finder of this.finders) found.push(...(await finder(em, caseId, documentId)));
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
