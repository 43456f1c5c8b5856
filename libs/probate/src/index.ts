export { ProbateModule } from './probate.module';
export { PROBATE_ENTITIES } from './infrastructure/persistence/probate.schemas';
export { probateDeadlineResource } from './resources/probate-deadline.resource';
export { creditorClaimResource } from './resources/creditor-claim.resource';
export { closureStepResource } from './resources/closure-step.resource';
export { searchResource } from './resources/search.resource';
export { ProbateReference } from './application/probate-reference.service';
export { estateEinResource } from './resources/estate-ein.resource';
