import { ValidationFailedError } from '../platform/errors/domain-error';
import type { CaseResource } from './case-resource';
import { applyMergePatch, asJsonObject, JsonObject } from './merge-patch/merge-patch';
import { toCamelCase } from './naming/naming';
import { writableDocument, writableFieldsOf } from './record-serializer';
import { validateAgainst } from './validation/body-validation.pipe';

export interface MergedPatchOptions {
  /** Fields a patch may not clear (RFC 7396's `null` would): a status the record always has. */
  notNull?: readonly string[];
  /** Stored values the patch applies to in place of those read (the status a step was set to, not the one it shows). */
  stored?: JsonObject;
  /** Whether every writable field the record leaves unset is `null` in the document (a recipient deleted since). */
  unsetAsNull?: boolean;
}

/**
 * A merge patch of an aggregate (RFC 7396): applied to its stored writable fields, the result validated as a create
 * body is, and given back as the merged document (for rules that name JSON fields) and as the property-keyed fields its
 * domain methods take.
 */
export async function mergedPatch<F extends object = Record<string, unknown>>(
  resource: Pick<CaseResource<any>, 'create' | 'createFields'>,
  record: object,
  patch: JsonObject,
  options: MergedPatchOptions = {},
): Promise<{ document: JsonObject; fields: F }> {
  const cleared = (options.notNull ?? []).filter((field) => patch[field] === null);
  if (cleared.length > 0) throw new ValidationFailedError(cleared.map((field) => ({ field, message: `${field} cannot be null`, reason: 'required' as const })));
  const unset = options.unsetAsNull ? Object.fromEntries(resource.createFields.map((field) => [field, null])) : {};
  const stored = { ...unset, ...writableDocument(record, resource.createFields, toCamelCase), ...options.stored };
  const document = applyMergePatch(asJsonObject(stored), patch);
  await validateAgainst(resource.create, document);
  return { document, fields: writableFieldsOf<F>(resource, document) };
}
