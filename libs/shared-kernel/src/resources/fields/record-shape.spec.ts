import 'reflect-metadata';
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
