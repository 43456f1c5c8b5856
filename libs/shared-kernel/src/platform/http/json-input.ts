import type { ErrorDetail } from '../errors/domain-error';

/**
 * Keys that name or reach an object's prototype. `JSON.parse` makes them plain own properties, harmless in
 * themselves, but the first `target[key] = value` downstream (class-transformer's `plainToInstance`, a merge, an
 * `Object.assign`) would swap or pollute a prototype instead of setting a field. No field of the specification has
 * such a name, so a body carrying one, at any depth, is refused with a detail naming it (contract §5).
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deeper than any body of the specification (3 levels) by far, shallow enough that no recursive step downstream overflows its stack. */
export const MAX_JSON_DEPTH = 32;

/** One answer lists at most this many problems; a client fixes those and sees the rest. */
const MAX_DETAILS = 50;

const SUSPECT_CHARACTER = /[\u0000\ud800-\udfff]/;

/**
 * Whether PostgreSQL can store the string in `text`, `varchar` or `jsonb`: it refuses the NUL character, and a lone
 * UTF-16 surrogate (`"\ud800"` in JSON) is not a Unicode character at all, so it has no UTF-8 encoding.
 */
export function isStorableText(text: string): boolean {
  return unstorableCharacterIn(text) === undefined;
}

/** What makes a string unstorable, in words for a message: `'a NUL character'`, `'an unpaired UTF-16 surrogate'`, or undefined. */
export function unstorableCharacterIn(text: string): string | undefined {
  if (!SUSPECT_CHARACTER.test(text)) return undefined;
  if (text.includes('\u0000')) return 'a NUL character';
  return (text as string & { isWellFormed(): boolean }).isWellFormed() ? undefined : 'an unpaired UTF-16 surrogate';
}

/**
 * Every problem of a parsed JSON value that no DTO rule can see, as `{field, message}` with `field` the JSON path
 * (`deceased.first_name`, array items by index: `types.0`, the whole body `''`): strings and keys PostgreSQL cannot
 * store, prototype keys, and nesting deeper than {@link MAX_JSON_DEPTH}. Walks iteratively, so a deeply nested body
 * cannot overflow the stack here.
 */
export function jsonInputProblems(root: unknown): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const pending: Pending[] = [{ value: root, path: '', depth: 0 }];
  while (pending.length > 0 && problems.length < MAX_DETAILS) {
    const { key, value, path, depth } = pending.pop()!;
    const badKey = key === undefined ? undefined : unstorableCharacterIn(key);
    const badText = typeof value === 'string' ? unstorableCharacterIn(value) : undefined;
    if (key !== undefined && PROTOTYPE_KEYS.has(key)) {
      problems.push({ field: path, message: `${path} is not allowed: "__proto__", "constructor" and "prototype" are reserved names`, reason: 'unknown_field' });
    } else if (badKey) {
      problems.push({ field: path, message: `the name of ${path} contains ${badKey}, which cannot be stored`, reason: 'format' });
    } else if (badText) {
      problems.push({ field: path, message: `${nameOf(path)} contains ${badText}, which cannot be stored`, reason: 'format' });
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        problems.push({ field: path, message: `${nameOf(path)} is nested deeper than ${MAX_JSON_DEPTH} levels`, reason: 'range' });
        continue;
      }
      // Object.entries lists own properties only (`__proto__` too, when JSON.parse made it one); it never reads a prototype.
      const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
      // Reversed onto the stack, so that problems come out in document order.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [childKey, child] = entries[i];
        pending.push({ key: Array.isArray(value) ? undefined : childKey, value: child, path: path === '' ? childKey : `${path}.${childKey}`, depth: depth + 1 });
      }
    }
  }
  return problems;
}

interface Pending {
  /** The member's name, for members of objects (array items have none). */
  key?: string;
  value: unknown;
  path: string;
  depth: number;
}

function nameOf(path: string): string {
  return path === '' ? 'the body' : path;
}
