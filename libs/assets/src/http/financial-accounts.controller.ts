import { CaseResourceController } from '@estate/shared-kernel';
import { financialAccountResource } from '../resources/financial-account.resource';

/** Financial accounts have the standard routes only (contract-extensions §12.1). */
export class FinancialAccountsController extends CaseResourceController(financialAccountResource) {}
