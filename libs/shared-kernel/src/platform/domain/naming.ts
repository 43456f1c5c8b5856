/** JSON fields are the specification's snake_case; TypeScript properties camelCase. This is the one place they meet. */
export function toSnakeCase(property: string): string {
  // A number inside a name is a word of its own (`irsForm56FiledDate` → `irs_form_56_filed_date`, the image of
  // toCamelCase); one that ends a name stays joined (`address1`, `sha256`).
  return property.replace(/(?<=[a-z])(\d+)(?=[A-Z])/g, '_$1').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Property names by field name, for the declared fields every write and merge patch converts (a regular expression
 * per field per request was a tenth of a merge patch's own CPU, issue 39). Bounded: a name that arrives only from a
 * caller's input is still converted, just not remembered once the table is full.
 */
const camelCaseOf = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 4_096;

export function toCamelCase(field: string): string {
  let property = camelCaseOf.get(field);
  if (property === undefined) {
    property = field.replace(/_([a-z0-9])/g, (_match, next: string) => next.toUpperCase());
    if (camelCaseOf.size < MAX_REMEMBERED_NAMES) camelCaseOf.set(field, property);
  }
  return property;
}
