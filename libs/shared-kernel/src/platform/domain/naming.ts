/** JSON fields are the specification's snake_case; TypeScript properties camelCase. This is the one place they meet. */
export function toSnakeCase(property: string): string {
  // A number inside a name is a word of its own (`irsForm56FiledDate` → `irs_form_56_filed_date`, the image of
  // toCamelCase); one that ends a name stays joined (`address1`, `sha256`).
  return property.replace(/(?<=[a-z])(\d+)(?=[A-Z])/g, '_$1').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function toCamelCase(field: string): string {
  return field.replace(/_([a-z0-9])/g, (_match, next: string) => next.toUpperCase());
}
