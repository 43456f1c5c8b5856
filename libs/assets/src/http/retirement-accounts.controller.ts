import { CaseResourceController } from '@estate/shared-kernel';
import { retirementAccountResource } from '../resources/retirement-account.resource';

/** Retirement accounts have the standard routes only (`#22` list, `#23` merge patch). */
export class RetirementAccountsController extends CaseResourceController(retirementAccountResource) {}
