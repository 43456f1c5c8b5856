import { personResource } from '../libs/case/src/persons/person.resource';
import { describeResourceContract } from './support/resource-contract';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Persons are a plain record with the standard routes only (`#9` is their merge patch): everything they promise is
 * the resource contract, run here with persons' bodies and samples. Nothing about persons is their own yet.
 */
describe('persons (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describeResourceContract({
    app: () => t,
    resource: personResource,
    patches: [{ body: { waiver_status: 'waiver_signed', phone: '555-0101' } }, { body: { is_beneficiary: false } }],
    invalidCreates: [
      { body: { first_name: 'Jane', last_name: 'Doe', relationship: 'daughter', email: 'jane@' }, fields: ['email'] },
      { body: { first_name: '', last_name: 7, relationship: 'x', waiver_status: 'waived' }, fields: ['first_name', 'last_name', 'waiver_status'] },
    ],
    invalidPatches: [
      { body: { email: 'not-mail' }, fields: ['email'] },
      { body: { waiver_status: 'signed' }, fields: ['waiver_status'] },
      { body: { first_name: '' }, fields: ['first_name'] },
    ],
    filters: {
      relationship: { samples: ['Daughter', 'step-daughter', 'son', 'attorney (50%_fee)'] },
    },
    sortValues: { last_name: ['Evans', 'Baker', 'Adams', 'Baker', 'Davis', 'Baker', 'Clark'] },
  });
});
