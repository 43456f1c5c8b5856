import { apply } from 'json-merge-patch';
import { ValidationFailedError } from '../errors/domain-error';
import { jsonInputProblems } from '../http/json-input';

export type JsonObject = Record<string, unknown>;

/**
 * RFC 7396: members present replace, `null` removes, nested objects merge recursively, arrays replace whole.
 *
 * A patch holding `__proto__`, `constructor` or `prototype` at any depth (or a string PostgreSQL cannot store) is
 * refused with `422` naming the member rather than applied: json-merge-patch never assigns such a key, but it
 * silently drops the rest of the patch when it meets one. Request bodies were refused on entry already; this keeps
 * every other caller to the same rule.
 */
export function applyMergePatch<T extends JsonObject>(target: T, patch: JsonObject): T {
  const problems = jsonInputProblems(patch);
  if (problems.length > 0) throw new ValidationFailedError(problems);
  return apply(structuredClone(target), patch) as T;
}
