export { CaseModule } from './case.module';
export { CASE_ENTITIES } from './infrastructure/persistence/case-entities';
export * from './ports';
export { personResource } from './persons/person.resource';
export { goalResource } from './resources/goal.resource';
