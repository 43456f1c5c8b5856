import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { maskSensitive } from '../../platform/masking/mask';
import { toSnakeCase } from '../naming/naming';
import type { FieldDefinition, FieldMap } from './field-definitions';

export type Dto = new () => object;
type Entry = [property: string, definition: FieldDefinition];

/** `bank account` → `BankAccount`. */
export function pascalCaseOf(name: string): string {
  return name.replace(/(^|[\s_-])([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase()).replace(/[\s_-]/g, '');
}

/** A class of the given name (OpenAPI names its schema after it), empty or extending `base`. */
export function namedClass(name: string, base?: Dto): Dto {
  const named = base ? class extends base {} : class {};
  // Named explicitly: a class expression's inferred name does not survive the compiler's output.
  Object.defineProperty(named, 'name', { value: name });
  return named;
}

/**
 * What one list of fields gives every record kind (a case's records, the one-per-case records): the columns, the
 * body a client writes, its merge patch, the view's own parts, masking, references and example bodies.
 */
export class ShapeParts {
  readonly entries: Entry[];
  /** The fields a client writes (neither read-only nor computed). */
  readonly written: Entry[];
  /** Masked fields that are presented. */
  readonly masked: Entry[];

  constructor(fields: FieldMap) {
    this.entries = Object.entries(fields);
    this.written = this.entries.filter(([, definition]) => !definition.readOnly);
    this.masked = this.entries.filter(([, definition]) => definition.masked && !definition.hidden);
  }

  /** The MikroORM properties of the stored fields; a field is nullable unless required or defaulted. */
  columns(): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    for (const [property, definition] of this.entries) {
      if (definition.computed || definition.sentOnly) continue;
      // A stated `column: { nullable: false }` wins: a field a body may leave out that the server always fills.
      const nullable = !definition.required && definition.column.default === undefined;
      properties[property] = { ...(nullable ? { nullable: true } : {}), ...definition.column };
    }
    return properties;
  }

  /** The body a client sends: every written field, validated and documented. */
  body(name: string): Dto {
    const body = namedClass(name);
    for (const [property, definition] of this.written) definition.decorate(body.prototype, toSnakeCase(property));
    return body;
  }

  /**
   * The merge patch of a body: its fields but create-only ones, each optional; a field's own patch property last (a
   * read-only field's too: a value no create sends that a merge patch may ask for).
   */
  patch(name: string, body: Dto): Dto {
    const createOnly = this.written.filter(([, definition]) => definition.createOnly).map(([property]) => toSnakeCase(property));
    const ownPatch = this.entries.filter(([, definition]) => definition.patch !== undefined && !definition.createOnly && !definition.hidden && !definition.computed);
    const notPatched = [...createOnly, ...ownPatch.filter(([, definition]) => !definition.readOnly).map(([property]) => toSnakeCase(property))];
    const base = notPatched.length > 0 ? OmitType(body as new () => Record<string, unknown>, notPatched) : body;
    const patch = namedClass(name, PartialType(base, { skipNullProperties: false }));
    for (const [property, definition] of ownPatch) definition.patch?.(patch.prototype, toSnakeCase(property));
    return patch;
  }

  /**
   * The body as the view presents it: masked fields are left to their own properties (`maskedProperties`), and so are
   * fields with a view property of their own (`viewOverrides`); sent-only ones out.
   */
  presented(body: Dto): Dto {
    const own = this.written.filter(([, definition]) => definition.sentOnly || (definition.ownView && !definition.masked)).map(([property]) => toSnakeCase(property));
    const left = [...this.maskedFields(), ...own];
    return left.length > 0 ? OmitType(body as new () => Record<string, unknown>, left) : body;
  }

  /**
   * A written field that states its view property keeps its place and the body's property, with the stated parts over
   * it; one whose view property is its own (`ownView`) has that alone, after the body's fields.
   */
  viewOverrides(view: Dto): void {
    for (const [property, definition] of this.written.filter(([, definition]) => (definition.view !== undefined || definition.ownView) && !definition.masked)) {
      const stated = definition.ownView ? { description: definition.description, example: definition.example, ...definition.view } : definition.view;
      ApiProperty(stated)(view.prototype, toSnakeCase(property));
    }
  }

  /** The presented read-only fields, after the body's. */
  readOnlyProperties(view: Dto): void {
    for (const [property, definition] of this.entries.filter(([, definition]) => definition.readOnly && !definition.hidden)) {
      if (definition.view) ApiProperty({ description: definition.description, example: definition.example, ...definition.view })(view.prototype, toSnakeCase(property));
      else definition.decorate(view.prototype, toSnakeCase(property));
    }
  }

  /** A masked field reads masked in every response, so its example in the view does too. */
  maskedProperties(view: Dto): void {
    for (const [property, definition] of this.masked) {
      const example = typeof definition.example === 'string' ? maskSensitive(definition.example) : definition.example;
      ApiProperty({ type: String, nullable: !definition.required, description: definition.description, example, ...definition.view })(view.prototype, toSnakeCase(property));
    }
  }

  /** The JSON fields a client writes that are stored (all but the sent-only ones). */
  storedWritten(): string[] {
    return this.written.filter(([, definition]) => !definition.sentOnly).map(([property]) => toSnakeCase(property));
  }

  maskedFields(): string[] {
    return this.masked.map(([property]) => toSnakeCase(property));
  }

  /** Per JSON field, the kind of record it names. */
  references(): Record<string, unknown> {
    return Object.fromEntries(this.entries.filter(([, definition]) => definition.references !== undefined).map(([property, definition]) => [toSnakeCase(property), definition.references]));
  }

  /** Bodies from the fields' examples: the required fields, and every written field but references. */
  examples(): { minimal: Record<string, unknown>; full: Record<string, unknown> } {
    const exampled = this.written.filter(([, definition]) => definition.example !== undefined && definition.references === undefined);
    const bodyOf = (chosen: Entry[]) => Object.fromEntries(chosen.map(([property, definition]) => [toSnakeCase(property), definition.example]));
    return { minimal: bodyOf(exampled.filter(([, definition]) => definition.required)), full: bodyOf(exampled) };
  }
}
