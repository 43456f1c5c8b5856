import { CaseResourceController } from '@estate/shared-kernel';
import { lifeInsurancePolicyResource } from '../resources/life-insurance-policy.resource';

/** Life insurance policies have the standard routes only (`#24` is their merge patch). */
export class LifeInsurancePoliciesController extends CaseResourceController(lifeInsurancePolicyResource) {}
