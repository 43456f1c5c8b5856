import { CLOSING_PARTS } from './closing.parts';

export { ClosingModule } from './closing.module';
/** Its ORM mappings, gathered from its folder. */
export const CLOSING_ENTITIES = CLOSING_PARTS.entities;
export { closureStepResource } from './resources/closure-step.resource';
export { closureRequestResource } from './resources/closure-request.resource';
export { distributionResource } from './resources/distribution.resource';
export * from './ports';
