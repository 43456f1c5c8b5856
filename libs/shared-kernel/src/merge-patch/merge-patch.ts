import { apply } from 'json-merge-patch';

export type JsonObject = Record<string, unknown>;

/** RFC 7396: members present replace, `null` removes, nested objects merge recursively, arrays replace whole. */
export function applyMergePatch<T extends JsonObject>(target: T, patch: JsonObject): T {
  return apply(structuredClone(target), patch) as T;
}
