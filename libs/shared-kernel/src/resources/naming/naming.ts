/** JSON fields are the specification's snake_case; TypeScript properties camelCase. This is the one place they meet. */
export function toSnakeCase(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function toCamelCase(field: string): string {
  return field.replace(/_([a-z0-9])/g, (_match, next: string) => next.toUpperCase());
}
