/** The naming of JSON fields and properties is framework-free: it lives with the kernel's domain face. */
export { toCamelCase, toSnakeCase } from '../../platform/domain/naming';
