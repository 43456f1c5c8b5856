import { CaseResourceController } from '@estate/shared-kernel';
import { bankAccountResource } from '../resources/bank-account.resource';

/** Bank accounts have the standard routes only (`#16` is their list). */
export class BankAccountsController extends CaseResourceController(bankAccountResource) {}
