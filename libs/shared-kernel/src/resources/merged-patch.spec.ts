import 'reflect-metadata';
import { ValidationFailedError } from '../platform/errors/domain-error';
import { fieldsOf } from './case-resource';
import { field } from './fields/field-definitions';
import { recordShape } from './fields/record-shape';
import { mergedPatch } from './merged-patch';

const shape = recordShape({
  name: 'claim',
  table: 'claims',
  fields: {
    creditorName: field.string({ required: true, description: 'Who.', example: 'First Bank' }),
    status: field.enum(['pending', 'accepted'], { description: 'Where it stands.', example: 'pending' }),
    notes: field.text({ description: 'Notes.', example: 'x' }),
  },
});
const claims = { create: shape.create, createFields: fieldsOf(shape.create) };
const stored = { creditorName: 'First Bank', status: 'pending', notes: 'old' };

describe('mergedPatch', () => {
  it('applies the patch to the stored writable fields and gives the document and the property-keyed fields', async () => {
    const { document, fields } = await mergedPatch(claims, stored, { status: 'accepted', notes: null });
    expect(document).toEqual({ creditor_name: 'First Bank', status: 'accepted' });
    expect(fields).toEqual({ creditorName: 'First Bank', status: 'accepted', notes: null });
  });

  it('refuses a null on a field it may not clear, and a merged result the create body would refuse', async () => {
    await expect(mergedPatch(claims, stored, { status: null }, { notNull: ['status'] })).rejects.toMatchObject({
      details: [{ field: 'status', message: 'status cannot be null', reason: 'required' }],
    });
    await expect(mergedPatch(claims, stored, { creditor_name: null })).rejects.toBeInstanceOf(ValidationFailedError);
    await expect(mergedPatch(claims, stored, { status: 'paid' })).rejects.toBeInstanceOf(ValidationFailedError);
  });

  it('applies to the stored values it is given in place of those read, and reads unset fields as null when asked', async () => {
    const { document } = await mergedPatch(claims, { creditorName: 'First Bank', status: 'accepted' }, {}, { stored: { status: 'pending' }, unsetAsNull: true });
    expect(document).toEqual({ creditor_name: 'First Bank', status: 'pending', notes: null });
  });
});
