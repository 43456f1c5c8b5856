import { EventTypeCatalog } from '../platform/events/event-types';
import { ResourceCatalog } from './resource-catalog';
import { manifestsOf, resourceManifest, ServesResources } from './resource-manifest';

const person = resourceManifest({
  eventKey: 'person',
  emits: ['deleted', 'created', 'updated'],
  tag: 'persons',
  tagDescription: 'People.',
  specificationRoutes: [{ number: 9, method: 'patch', path: '/cases/{case_id}/persons/{person_id}' }],
});
const deadline = resourceManifest({
  eventKey: 'deadline',
  emits: ['created', 'status_changed', 'reminder'],
  tag: 'probate',
  specificationRoutes: [{ number: 14, method: 'patch', path: '/cases/{case_id}/probate/deadlines/{deadline_id}' }],
});

describe('ResourceCatalog', () => {
  const catalog = new ResourceCatalog([deadline, person]);

  it('lists *, every key pattern, then every type the declarations can emit (write actions first)', () => {
    expect(catalog.events.patterns).toEqual([
      '*',
      'deadline.*',
      'person.*',
      'deadline.created',
      'deadline.status_changed',
      'deadline.reminder',
      'person.created',
      'person.updated',
      'person.deleted',
    ]);
  });

  it('accepts only those, and names each other item of a list by its index', () => {
    expect(catalog.events.accepts('person.updated')).toBe(true);
    expect(catalog.events.accepts('deadline.updated')).toBe(false);
    expect(catalog.events.problemsOf('enabled_events', ['person.*', 'deadline.deleted', '*', 'nope']).map((problem) => problem.field)).toEqual([
      'enabled_events[1]',
      'enabled_events[3]',
    ]);
  });

  it('tells status moves as status_changed only for keys that declare it', () => {
    expect(catalog.events.tellsStatusChanges('deadline')).toBe(true);
    expect(catalog.events.tellsStatusChanges('person')).toBe(false);
  });

  it('watches `status` for a status change unless the key names its own status field (claim_status)', () => {
    const events = new EventTypeCatalog([
      { key: 'unclaimed_property', actions: ['updated', 'status_changed'], statusField: 'claim_status' },
      { key: 'deadline', actions: ['status_changed'] },
      { key: 'person', actions: ['updated'] },
    ]);
    expect(events.statusFieldOf('unclaimed_property')).toBe('claim_status');
    expect(events.statusFieldOf('deadline')).toBe('status');
    expect(events.statusFieldOf('person')).toBeUndefined();
    expect(events.tellsStatusChanges('unclaimed_property')).toBe(true);
  });

  it('gathers tag descriptions and specification routes, by number', () => {
    expect(catalog.tagDescriptions).toEqual({ persons: 'People.' });
    expect(catalog.specificationRoutes.map((route) => route.number)).toEqual([9, 14]);
    expect(catalog.specificationRouteOf('PATCH', '/v1/cases/{case_id}/persons/{id}')?.number).toBe(9);
  });

  it('refuses two declarations of one key, one route number, or two descriptions of one tag', () => {
    expect(() => new ResourceCatalog([person, resourceManifest({ eventKey: 'person', emits: [], tag: 'x' })])).toThrow(/person/);
    expect(() => new ResourceCatalog([person, resourceManifest({ eventKey: 'other', emits: [], tag: 'x', specificationRoutes: person.specificationRoutes })])).toThrow(/row 9/);
    expect(() => new ResourceCatalog([person, resourceManifest({ eventKey: 'other', emits: [], tag: 'persons', tagDescription: 'Else.' })])).toThrow(/persons/);
  });

  it('counts one resource served under two parents once: one key, the same actions and view (contract-extensions §12.2)', () => {
    class BeneficiaryView {}
    const under = (tag: string) => resourceManifest({ eventKey: 'account_beneficiary', emits: ['created', 'updated', 'deleted'], tag, view: BeneficiaryView });
    const shared = new ResourceCatalog([person, under('bank-accounts'), under('financial-accounts')]);
    expect(shared.events.types.filter((type) => type.startsWith('account_beneficiary.'))).toEqual([
      'account_beneficiary.created',
      'account_beneficiary.updated',
      'account_beneficiary.deleted',
    ]);
    expect(shared.documentParts().eventResources?.map((resource) => resource.key)).toEqual(['person', 'account_beneficiary']);
    // Other actions, or another view, under the same key are two resources: refused.
    expect(() => new ResourceCatalog([under('a'), resourceManifest({ eventKey: 'account_beneficiary', emits: ['created'], tag: 'b', view: BeneficiaryView })])).toThrow(/account_beneficiary/);
    expect(() => new ResourceCatalog([under('a'), resourceManifest({ eventKey: 'account_beneficiary', emits: ['created', 'updated', 'deleted'], tag: 'b' })])).toThrow(/account_beneficiary/);
  });

  it('finds the manifests a controller class carries, inherited ones included', () => {
    @ServesResources(person)
    class Generated {}
    @ServesResources(deadline)
    class Own extends Generated {}
    expect(manifestsOf(Own)).toEqual([person, deadline]);
    expect(manifestsOf(Generated)).toEqual([person]);
    expect(manifestsOf(undefined)).toEqual([]);
  });
});
