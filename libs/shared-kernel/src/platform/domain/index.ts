/**
 * The kernel's framework-free face, `@estate/shared-kernel/domain`: everything domain code may use. Nothing here
 * reaches Nest, MikroORM or Express by any path (checked by `npm run arch`), so aggregates stay unit-testable
 * without infrastructure. Application, infrastructure and http code use `@estate/shared-kernel`.
 */
export * from './case-record';
export * from '../errors/domain-error';
export * from '../clock/clock';
export * from '../masking/mask';
export * from './provider-tries';
export * from './cents';
export * from './ein';
export * from './past-fact-dates';
export * from '../auth/collaborator-role';
export * from '../auth/org-role';
export * from './naming';
export * from './us-states';
