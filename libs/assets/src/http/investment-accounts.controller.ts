import { CaseResourceController } from '@estate/shared-kernel';
import { investmentAccountResource } from '../resources/investment-account.resource';

/** Investment accounts have the standard routes only (`#21` is their list). */
export class InvestmentAccountsController extends CaseResourceController(investmentAccountResource) {}
