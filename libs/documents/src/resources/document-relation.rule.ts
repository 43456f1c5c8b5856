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
  const refused = [{ field: 'related_id', message: `related_id must name a ${type} of this case`, reason: 'rule' as const }];
  if (type === 'case') return id === scope.caseId ? [] : refused;
  const collection = declaredCaseResources().find((resource) => resource.eventKey === type);
  if (collection) return (await em.count(collection.schema, { caseId: scope.caseId, id } as never)) > 0 ? [] : refused;
  const singleton = declaredSingletonResources().find((resource) => resource.manifest.events.key === type);
  if (singleton && id === scope.caseId) return (await em.count(singleton.schema, { caseId: scope.caseId } as never)) > 0 ? [] : refused;
  return refused;
}

/** A stored document always has a name; a PATCH may rename it, to a name as an upload would have cleaned it. */
export function fileNameProblems(document: JsonObject): ErrorDetail[] {
  const name = document.file_name;
  if (typeof name !== 'string') return [{ field: 'file_name', message: 'file_name cannot be cleared', reason: 'required' }];
  return isCleanFileName(name) ? [] : [{ field: 'file_name', message: 'file_name must have no path separators, control characters or surrounding spaces', reason: 'format' }];
}
