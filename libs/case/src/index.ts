import { CASE_PARTS } from './case.parts';

export { CaseModule } from './case.module';
/** Its ORM mappings, gathered from its folder. */
export const CASE_ENTITIES = CASE_PARTS.entities;
export * from './ports';
export { personResource } from './persons/person.resource';
export { goalResource } from './resources/goal.resource';
export { caseRecord } from './resources/case-record';
export { deceasedResource } from './resources/deceased.resource';
export { authorityResource } from './resources/authority.resource';
