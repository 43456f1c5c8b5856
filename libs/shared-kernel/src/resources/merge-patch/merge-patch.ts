import { apply } from 'json-merge-patch';
import { ValidationFailedError } from '../../platform/errors/domain-error';
import { jsonInputProblems } from '../../platform/http/json-input';

export type JsonObject = Record<string, unknown>;

/**
 * A validated body (a DTO-typed parameter, as sent) or a record's document, seen as the JSON object it is. DTO classes
 * have no index signature, so TypeScript cannot see that itself; this is the one place that says so.
 */
export function asJsonObject(value: object): JsonObject {
  return value as JsonObject;
}

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
  return apply(copyOfDocument(target), patch) as T;
}

/**
 * A deep copy for the patch to apply to (it changes nested objects in place). JSON's own values are copied by hand:
 * `structuredClone` costs several times more on a record's flat document (issue 39); anything else inside (a `Date`)
 * is still copied by it.
 */
function copyOfDocument<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyOfDocument) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyOfDocument((value as Record<string, unknown>)[key]);
  return copy as T;
}
