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
