import { CaseResourceController } from '@estate/shared-kernel';
import { bankAccountBeneficiaryResource, financialAccountBeneficiaryResource } from '../resources/account-beneficiary.resource';

/** Beneficiaries of a bank account: the standard routes only (contract-extensions §12.2). */
export class BankAccountBeneficiariesController extends CaseResourceController(bankAccountBeneficiaryResource) {}

/** Beneficiaries of a financial account: the same routes below the other kind of account. */
export class FinancialAccountBeneficiariesController extends CaseResourceController(financialAccountBeneficiaryResource) {}
