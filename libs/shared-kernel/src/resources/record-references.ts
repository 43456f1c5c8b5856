import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErrorDetail } from '../platform/errors/domain-error';
import type { JsonObject } from './merge-patch/merge-patch';
import { CaseResource, declaredCaseResources } from './case-resource';

/** A declaration's `references`: JSON fields naming a record of another declared resource of the same case. */
export type DeclaredReferences = Readonly<Record<string, () => CaseResource<any>>>;

/**
 * Contract §3.1 (and §10.0's reference rule): each reference the document sets must name a record of its kind in the
 * case, else one detail per field; `null` or absent names nothing and passes.
 */
export async function referenceProblems(references: DeclaredReferences | undefined, document: JsonObject, em: EntityManager, caseId: string): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  for (const [field, target] of Object.entries(references ?? {})) {
    const id = document[field];
    if (id === null || id === undefined) continue;
    const referenced = target();
    const found = typeof id === 'string' ? await em.count(referenced.schema, { caseId, id } as never) : 0;
    if (found === 0) problems.push({ field, message: `${field} must name a ${referenced.name} of this case, or be null`, reason: 'rule' });
  }
  return problems;
}

/**
 * The declared case resource with this event key (`document`), for a reference whose target lives in a context the
 * referring one may not import (the executor's `letters_document_id`: the case context sits below documents). Resolved
 * when a reference is first checked, by which time the application has loaded every declaration.
 */
export function declaredResourceKeyed(eventKey: string): () => CaseResource<any> {
  return () => {
    const resource = declaredCaseResources().find((declared) => declared.eventKey === eventKey);
    if (!resource) throw new Error(`no case resource with the event key "${eventKey}" is declared`);
    return resource;
  };
}
