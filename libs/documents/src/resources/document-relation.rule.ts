import type { EntityManager } from '@mikro-orm/postgresql';
import { declaredCaseResources, declaredSingletonResources, ErrorDetail, JsonObject, WriteContext } from '@estate/shared-kernel';
import { isCleanFileName } from '../domain/file-name';

/**
 * `related_type` and `related_id` go together (both or neither), and name a record of that kind in the case
 * (contract §10.0's reference rule): a declared case resource by its event key, a one-per-case record by the case's
 * own id (it has no other), the case itself by its id. A key whose resource this service does not have yet names
 * nothing, so it is refused like an unknown id.
 */
export async function relationProblems(document: JsonObject, context: WriteContext): Promise<ErrorDetail[]> {
  const type = document.related_type ?? null;
  const id = document.related_id ?? null;
  if ((type === null) !== (id === null)) {
    const missing = type === null ? 'related_type' : 'related_id';
    return [{ field: missing, message: 'related_type and related_id are set together, or neither', reason: 'rule' as const }];
  }
  if (type === null || typeof type !== 'string' || typeof id !== 'string') return [];
  const { em, scope } = context;
  if (await namesRecordOfCase(em, scope.caseId, type, id)) return [];
  return [{ field: 'related_id', message: `related_id must name a ${type} of this case`, reason: 'rule' as const }];
}

/**
 * Whether `id` names a record of the kind `key` (a §14.2 event key) in the case: a declared case resource by its id, a
 * one-per-case record by the case's own id (it has no other), the case itself by its id. A key whose resource this
 * service does not have yet names nothing.
 */
export async function namesRecordOfCase(em: EntityManager, caseId: string, key: string, id: string): Promise<boolean> {
  if (key === 'case') return id === caseId;
  const collection = declaredCaseResources().find((resource) => resource.eventKey === key);
  if (collection) return (await em.count(collection.schema, { caseId, id } as never)) > 0;
  const singleton = declaredSingletonResources().find((resource) => resource.manifest.events.key === key);
  if (singleton && id === caseId) return (await em.count(singleton.schema, { caseId } as never)) > 0;
  return false;
}

/** A stored document always has a name; a PATCH may rename it, to a name as an upload would have cleaned it. */
export function fileNameProblems(document: JsonObject): ErrorDetail[] {
  const name = document.file_name;
  if (typeof name !== 'string') return [{ field: 'file_name', message: 'file_name cannot be cleared', reason: 'required' }];
  return isCleanFileName(name) ? [] : [{ field: 'file_name', message: 'file_name must have no path separators, control characters or surrounding spaces', reason: 'format' }];
}
