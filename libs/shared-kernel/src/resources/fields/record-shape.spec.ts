import 'reflect-metadata';
import { ApiProperty } from '@nestjs/swagger';
import { EnumField } from '../validation/fields';
import { field } from './field-definitions';
import { recordShape } from './record-shape';

const fields = { title: field.string({ required: true, description: 'What is due.', example: 'File the inventory' }) };

describe('recordShape naming', () => {
  it('names the bodies and the view after the resource by default', () => {
    const shape = recordShape({ name: 'probate deadline', table: 'deadlines', fields });
    expect([shape.create.name, shape.patch?.name, shape.view.name]).toEqual(['CreateProbateDeadlineBody', 'PatchProbateDeadlineBody', 'ProbateDeadlineView']);
  });

  it('names them after typeName where the document names them otherwise (schema names are part of the public document)', () => {
    const shape = recordShape({ name: 'probate deadline', typeName: 'deadline', table: 'deadlines', fields });
    expect([shape.create.name, shape.patch?.name, shape.view.name]).toEqual(['CreateDeadlineBody', 'PatchDeadlineBody', 'DeadlineView']);
  });
});

/** The JSON fields a class documents (OpenAPI's list of its properties). */
const documented = (dto: new () => object): string[] =>
  ((Reflect.getMetadata('swagger/apiModelPropertiesArray', dto.prototype) ?? []) as string[]).map((name) => name.replace(/^:/, ''));

describe('a sent-only field', () => {
  const shape = recordShape({
    name: 'payout',
    table: 'payouts',
    fields: {
      amount: field.money({ required: true, sentOnly: true, description: 'What to pay.', example: 10 }),
      memo: field.text({ description: 'Free memo.', example: 'x' }),
      amountPaid: field.money({ readOnly: true, description: 'What was paid.', example: 10 }),
    },
  });

  it('is in the create body, and neither stored, presented nor patched', () => {
    expect(documented(shape.create)).toEqual(['amount', 'memo']);
    expect(Object.keys(shape.schema.meta.properties)).not.toContain('amount');
    expect(Object.keys(shape.schema.meta.properties)).toContain('amountPaid');
    expect(documented(shape.view)).not.toContain('amount');
    expect(documented(shape.view)).toEqual(expect.arrayContaining(['memo', 'amount_paid']));
    expect(documented(shape.patch!)).toEqual(['memo']);
    expect(shape.examples.minimal).toEqual({ amount: 10 });
  });
});

/** The OpenAPI property a class documents for a JSON field. */
const propertyOf = (dto: new () => object, name: string) => Reflect.getMetadata('swagger/apiModelProperties', dto.prototype, name) as Record<string, unknown>;

describe('a record of its own key and no version, with its own view properties and a plain enum column', () => {
  const shape = recordShape({
    name: 'member',
    table: 'members',
    key: 'own',
    versioned: false,
    fields: {
      email: field.email({ required: true, createOnly: true, description: 'Where to write.', example: 'a@example.com', ownView: true, view: { type: String, format: 'email', description: 'The address.' } }),
      nickname: field.string({ max: 40, description: 'Nickname.', example: 'Al' }),
      firstName: field.string({ max: 100, description: 'Given name.', example: 'Pat', ownView: true, view: { type: String, nullable: true } }),
      level: field.enum(['low', 'high'], { plainColumn: true, column: { length: 4 }, description: 'Level.', example: 'low' }),
      kind: field.enum(['a', 'b'], { description: 'Kind.', example: 'a' }),
    },
  });
  const properties = shape.schema.meta.properties as unknown as Record<string, Record<string, unknown>>;

  it('has its id, fields and timestamps, and no version column', () => {
    expect(Object.keys(properties)).toEqual(['id', 'email', 'nickname', 'firstName', 'level', 'kind', 'createdAt', 'updatedAt']);
  });

  it('keeps a plain varchar for a plainColumn enum (no enum items, no check), and MikroORM’s enum otherwise', () => {
    expect(properties.level).toEqual(expect.objectContaining({ type: 'string', length: 4 }));
    expect(properties.level.enum).toBeFalsy();
    expect(properties.level.items).toBeUndefined();
    expect(properties.kind).toEqual(expect.objectContaining({ enum: true, items: ['a', 'b'] }));
  });

  it('validates the body by the kind (bounds included), and presents an ownView field with its view property alone, after the body’s others', () => {
    expect(propertyOf(shape.create, 'first_name')).toEqual(expect.objectContaining({ maxLength: 100, description: 'Given name.' }));
    expect(documented(shape.view)).toEqual(['id', 'created_at', 'updated_at', 'nickname', 'level', 'kind', 'email', 'first_name']);
    expect(propertyOf(shape.view, 'first_name')).toEqual(expect.objectContaining({ type: String, nullable: true, description: 'Given name.', example: 'Pat' }));
    expect(propertyOf(shape.view, 'first_name')).not.toHaveProperty('maxLength');
    expect(propertyOf(shape.view, 'first_name')).not.toHaveProperty('minLength');
    expect(propertyOf(shape.view, 'email')).toEqual(expect.objectContaining({ type: String, format: 'email', description: 'The address.', example: 'a@example.com' }));
    expect(propertyOf(shape.view, 'email')).not.toHaveProperty('maxLength');
    // A field without ownView keeps the body's property, bounds and all.
    expect(propertyOf(shape.view, 'nickname')).toEqual(expect.objectContaining({ maxLength: 40, description: 'Nickname.' }));
    expect(documented(shape.patch!)).toEqual(['nickname', 'first_name', 'level', 'kind']);
  });
});

describe('a body property a declaration states, and a read-only field a merge patch sets', () => {
  const listOfTags: PropertyDecorator = (target, key) => ApiProperty({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 })(target, key);
  const shape = recordShape({
    name: 'hook',
    table: 'hooks',
    key: 'own',
    fields: {
      url: field.string({ required: true, max: 300, description: 'Where to send.', example: 'https://x.test' }),
      tags: field.stringArray({ required: true, body: listOfTags, description: 'Tags.', example: ['a'] }),
      state: field.enum(['on', 'off'], { readOnly: true, required: true, description: 'Whether on.', example: 'on', patch: EnumField(['on', 'off'], { description: 'Turn it on or off.', example: 'off' }) }),
    },
  });

  it("takes the stated body property in place of the kind's, with the field's required, description and example", () => {
    expect(propertyOf(shape.create, 'tags')).toEqual(expect.objectContaining({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, required: true, description: 'Tags.', example: ['a'] }));
    expect(propertyOf(shape.create, 'tags')).not.toHaveProperty('maxItems');
  });

  it('patches a read-only field that states its patch property, last, though no create sends it', () => {
    expect(documented(shape.create)).toEqual(['url', 'tags']);
    expect(documented(shape.patch!)).toEqual(['url', 'tags', 'state']);
    expect(propertyOf(shape.patch!, 'state')).toEqual(expect.objectContaining({ enum: ['on', 'off'], description: 'Turn it on or off.' }));
    expect(shape.stored).toEqual(['url', 'tags']);
    expect(documented(shape.view)).toEqual(['id', 'created_at', 'updated_at', 'url', 'tags', 'state']);
  });
});

describe('a record that is never updated (timestamps: false)', () => {
  const shape = recordShape({
    name: 'receipt',
    table: 'receipts',
    timestamps: false,
    versioned: false,
    patchable: false,
    fields: {
      note: field.text({ description: 'What it is for.', example: 'x' }),
      createdAt: field.dateTime({ readOnly: true, required: true, description: 'When it was made.', example: '2026-07-05T10:00:00.000Z' }),
      createdBy: field.string({ readOnly: true, required: true, max: 26, description: 'Who made it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AF' }),
    },
  });

  it('has its key and its fields, the time stamps it declares where they stand, and no updated_at nor version', () => {
    expect(Object.keys(shape.schema.meta.properties)).toEqual(['id', 'caseId', 'note', 'createdAt', 'createdBy']);
  });

  it('presents its id and its fields, no timestamp of the kernel', () => {
    expect(documented(shape.view)).toEqual(['id', 'note', 'created_at', 'created_by']);
  });
});

describe('a record of no case (key: own)', () => {
  const fields = {
    organizationId: field.string({ hidden: true, max: 26 }),
    label: field.string({ description: 'Label.', example: 'intake' }),
    stage: field.enum(['open', 'closed'], { description: 'Stage.', example: 'open' }),
  };

  it('states its collection beside its fields: the path and the rules of its list, created_at by default', () => {
    const shape = recordShape({ name: 'ledger', table: 'ledgers', key: 'own', path: 'ledgers', fields, filters: { stage: ['open', 'closed'] } });
    expect(shape.path).toBe('ledgers');
    expect(shape.listRules).toEqual({ filters: { stage: ['open', 'closed'] }, sorts: ['created_at'] });
    expect(recordShape({ name: 'ledger', table: 'ledgers', key: 'own', path: 'ledgers', fields, sorts: ['created_at', 'updated_at'] }).listRules).toEqual({
      filters: {},
      sorts: ['created_at', 'updated_at'],
    });
    // Its name and fields stay with it, for what reads the declaration (the generated contract).
    expect(shape.name).toBe('ledger');
    expect(shape.fields).toBe(fields);
    expect(Object.keys(shape.schema.meta.properties)).toEqual(['id', 'organizationId', 'label', 'stage', 'createdAt', 'updatedAt', 'version']);
  });

  it('has no collection unless it states one, and a collection without a path states none', () => {
    expect(recordShape({ name: 'ledger', table: 'ledgers', key: 'own', fields })).not.toHaveProperty('path');
    expect(() => recordShape({ name: 'ledger', table: 'ledgers', key: 'own', fields, sorts: ['created_at'] })).toThrow(/path first/);
    // A record of no case is addressed by its id and answers itself.
    expect(() => recordShape({ name: 'ledger', table: 'ledgers', key: 'own', path: 'ledgers', fields, itemKey: 'label' } as never)).toThrow(/addressed by its id/);
  });
});

describe("a case's records stating their collection (a settled accounting)", () => {
  const fields = {
    sequence: field.integer({ readOnly: true, required: true, description: 'Its number.', example: 1 }),
    to: field.date({ required: true, description: 'Last day.', example: '2026-06-30' }),
    document: field.object(() => Object, { hidden: true, required: true }),
  };

  it('states its path below the case, its list, the field an item is addressed by and the document a read of one answers', () => {
    const shape = recordShape({ name: 'tally', table: 'tallies', path: 'tallies', itemKey: 'sequence', itemDocument: 'document', fields });
    expect(shape).toMatchObject({ path: 'tallies', itemKey: 'sequence', itemDocument: 'document', listRules: { filters: {}, sorts: ['created_at'] } });
    // A case's record: its key and its case, as without a collection.
    expect(Object.keys(shape.schema.meta.properties)).toEqual(Object.keys(recordShape({ name: 'tally', table: 'tallies', fields }).schema.meta.properties));
    expect(recordShape({ name: 'tally', table: 'tallies', path: 'tallies', fields })).toMatchObject({ itemKey: 'id' });
    expect(recordShape({ name: 'tally', table: 'tallies', path: 'tallies', fields })).not.toHaveProperty('itemDocument');
  });

  it('names fields it declares, the document a hidden one, and both with its collection', () => {
    expect(() => recordShape({ name: 'tally', table: 'tallies', path: 'tallies', itemKey: 'number', fields })).toThrow(/declares no field number/);
    expect(() => recordShape({ name: 'tally', table: 'tallies', path: 'tallies', itemDocument: 'to', fields })).toThrow(/hidden field/);
    expect(() => recordShape({ name: 'tally', table: 'tallies', itemKey: 'sequence', fields } as never)).toThrow(/with its collection/);
  });
});

describe("a field's checks, as its validation makes them", () => {
  it('a text field states its lengths and pattern; other kinds none', () => {
    expect(field.string({ required: true })).toMatchObject({ minLength: 1, maxLength: 200 });
    expect(field.string({ max: 2, min: 2, pattern: /^[A-Z]{2}$/ })).toMatchObject({ minLength: 2, maxLength: 2, pattern: /^[A-Z]{2}$/ });
    expect(field.text()).toMatchObject({ minLength: 0, maxLength: 10_000 });
    expect(field.ssn()).toMatchObject({ maxLength: 11, pattern: expect.any(RegExp) });
    expect(field.ein().pattern?.test('12-3456789')).toBe(true);
    expect(field.reference(() => undefined)).toMatchObject({ minLength: 0, maxLength: 26 });
    expect(field.money()).not.toHaveProperty('maxLength');
    expect(field.string().pattern).toBeUndefined();
    // A body property stated in place of the kind's checks what it states.
    expect(field.string({ body: () => undefined })).not.toHaveProperty('maxLength');
  });

  it('an object field names its class', () => {
    class Nested {}
    expect(field.object(() => Nested).of?.()).toBe(Nested);
    expect(field.objectArray(() => Nested).of?.()).toBe(Nested);
  });
});
