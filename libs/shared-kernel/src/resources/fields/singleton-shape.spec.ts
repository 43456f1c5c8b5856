import 'reflect-metadata';
import { field } from './field-definitions';
import { singletonShape } from './singleton-shape';

const documented = (dto: new () => object): string[] =>
  ((Reflect.getMetadata('swagger/apiModelPropertiesArray', dto.prototype) ?? []) as string[]).map((name) => name.replace(/^:/, ''));
const propertyOf = (dto: new () => object, name: string) => Reflect.getMetadata('swagger/apiModelProperties', dto.prototype, name) as Record<string, unknown>;

const fields = {
  firstName: field.string({ required: true, description: 'Given name.', example: 'Grace' }),
  ssn: field.ssn({ example: '987-65-4321' }),
  status: field.enum(['open', 'closed'], { readOnly: true, description: 'Computed.', example: 'open', view: { enum: ['open', 'closed'] } }),
};

describe('singletonShape', () => {
  it('keys the table by its case, names the classes after the resource, and presents masked, read-only and shown timestamps after the body', () => {
    const shape = singletonShape({ name: 'executor', table: 'executors', fields, timestampsShown: true });
    expect([shape.body.name, shape.patch?.name, shape.view.name]).toEqual(['ExecutorBody', 'PatchExecutorBody', 'ExecutorView']);
    const properties = shape.schema.meta.properties as Record<string, { primary?: boolean; hidden?: boolean }>;
    expect(properties.caseId).toMatchObject({ primary: true, hidden: true });
    expect(properties.createdAt.hidden).toBe(false);
    expect(documented(shape.body)).toEqual(['first_name', 'ssn']);
    expect(documented(shape.view)).toEqual(['first_name', 'ssn', 'status', 'created_at', 'updated_at']);
    expect(shape.masked).toEqual(['ssn']);
    // The masked field's view reads masked, in its own words.
    expect(propertyOf(shape.view, 'ssn')).toMatchObject({ example: '*******4321', description: 'Social Security number, masked: all but the last four characters read `*`.' });
  });

  it('hides the timestamps unless shown, and has no patch when not patchable', () => {
    const shape = singletonShape({ name: 'deceased', table: 'deceased', fields: { firstName: fields.firstName }, patchable: false });
    expect(shape.patch).toBeUndefined();
    expect((shape.schema.meta.properties as Record<string, { hidden?: boolean }>).createdAt.hidden).toBe(true);
    expect(documented(shape.view)).toEqual(['first_name']);
    expect(shape.examples).toEqual({ minimal: { first_name: 'Grace' }, full: { first_name: 'Grace' } });
  });
});
