import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErrorDetail } from '../platform/errors/domain-error';
import type { JsonObject } from './merge-patch/merge-patch';
import { CaseResource, declaredCaseResources, DeclaredReferences, ReferenceTarget } from './case-resource';
import { indefiniteArticle } from './openapi/wording';

/** The kinds a declared reference may name: its one target, or each of its list. */
export function referencedKinds(target: ReferenceTarget | readonly ReferenceTarget[]): CaseResource<any>[] {
  return (Array.isArray(target) ? target : [target as ReferenceTarget]).map((kind) => kind());
}

/** `a debt`, `a financial account or a debt`, `a bank account, a debt or a vehicle`: the kinds a message names. */
function kindsInWords(kinds: readonly CaseResource<any>[]): string {
  const names = kinds.map((kind) => `${indefiniteArticle(kind.name)} ${kind.name}`);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * Contract §3.1 (and §10.0's reference rule): each reference the document sets must name a record of its kind (of
 * one of its kinds) in the case, else one detail per field; `null` or absent names nothing and passes.
 */
export async function referenceProblems(references: DeclaredReferences | undefined, document: JsonObject, em: EntityManager, caseId: string): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  for (const [field, target] of Object.entries(references ?? {})) {
    const id = document[field];
    if (id === null || id === undefined) continue;
    const kinds = referencedKinds(target);
    let found = false;
    for (const kind of kinds) {
      if (typeof id === 'string' && (await em.count(kind.schema, { caseId, id } as never)) > 0) {
        found = true;
        break;
      }
    }
    if (!found) problems.push({ field, message: `${field} must name ${kindsInWords(kinds)} of this case, or be null`, reason: 'rule' });
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
