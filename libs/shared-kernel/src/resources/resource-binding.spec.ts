import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { CaseResourceModule, InjectResource } from './resource-binding';
import { singletonResource } from './singleton-resource';
import { caseResource } from './case-resource';

/** A stand-in declaration: the binding needs only the name. */
const gadgets = { name: 'gadget', path: 'gadgets' };

@Injectable()
class MakeGadget {
  constructor(@InjectResource('gadget') readonly resource: typeof gadgets) {}
}

@Injectable()
class MakeWidget {
  constructor(@InjectResource('widget') readonly resource: unknown) {}
}

describe('binding a declaration to its use cases', () => {
  it('hands a use case the declaration its module provides under the name', async () => {
    @Module({ imports: [CaseResourceModule.forResources([gadgets])], providers: [MakeGadget] })
    class GadgetsModule {}
    const app = await Test.createTestingModule({ imports: [GadgetsModule] }).compile();
    expect(app.get(MakeGadget).resource).toBe(gadgets);
  });

  it('refuses to start when no module provides the named declaration', async () => {
    @Module({ imports: [CaseResourceModule.forResources([gadgets])], providers: [MakeWidget] })
    class WidgetsModule {}
    await expect(Test.createTestingModule({ imports: [WidgetsModule] }).compile()).rejects.toThrow(/case resource: widget/);
  });
});

describe('singletonResource', () => {
  class Body {}
  const declaration = singletonResource({
    name: 'will',
    path: 'will',
    schema: {} as never,
    body: Body,
    view: Body,
    describe: {},
    specRoutes: { replace: 30, read: 31 },
    masked: ['witness_ssn'],
  });

  it('declares its events, tag, specification routes and masked fields to the catalog', () => {
    expect(declaration.manifest).toEqual({
      events: { key: 'will', actions: ['created', 'updated'] },
      tag: 'will',
      tagDescription: undefined,
      specificationRoutes: [
        { number: 30, method: 'put', path: '/cases/{case_id}/will' },
        { number: 31, method: 'get', path: '/cases/{case_id}/will' },
      ],
      masked: ['witness_ssn'],
      // The view's schema names the resource in the typed events (`data.object`).
      viewSchema: 'Body',
    });
  });
});

describe('caseResource names', () => {
  it('refuses a second declaration of a name: the name is its injection token', () => {
    class Body {}
    const declare = () => caseResource({ name: 'sprocket', path: 'sprockets', idParam: 'sprocket_id', schema: {} as never, create: Body });
    declare();
    expect(declare).toThrow('a resource named "sprocket" is declared twice');
  });
});
