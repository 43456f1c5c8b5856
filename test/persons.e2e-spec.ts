import { personResource } from '../libs/case/src/persons/person.resource';
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

});
