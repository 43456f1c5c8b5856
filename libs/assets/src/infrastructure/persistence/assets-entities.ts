import { BankAccountSchema } from './bank-account.schema';
import { DebtSchema } from './debt.schema';
import { recurringPaymentResource } from '../../resources/recurring-payment.resource';
import { transactionResource } from '../../resources/transaction.resource';
import { signerResource } from '../../resources/signer.resource';
import { FinancialAccountSchema } from './financial-account.schema';
import { AccountBeneficiarySchema } from './account-beneficiary.schema';
import { RecordedBalanceSchema } from './recorded-balance.schema';
import { InvestmentAccountSchema } from './investment-account.schema';
import { LifeInsurancePolicySchema } from './life-insurance-policy.schema';
import { realEstateValuationResource } from '../../resources/real-estate-valuation.resource';
import { retirementAccountResource } from '../../resources/retirement-account.resource';
import { vehicleResource } from '../../resources/vehicle.resource';
import { InstitutionContactSchema } from './institution-contact.schema';
import { realEstatePropertyResource } from '../../resources/real-estate-property.resource';
import { businessResource } from '../../resources/business.resource';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const ASSETS_ENTITIES = [
  InstitutionContactSchema,
  DebtSchema,
  BankAccountSchema,
  transactionResource.schema,
  recurringPaymentResource.schema,
  signerResource.schema,
  FinancialAccountSchema,
  AccountBeneficiarySchema,
  RecordedBalanceSchema,
  realEstateValuationResource.schema,
  vehicleResource.schema,
  InvestmentAccountSchema,
  retirementAccountResource.schema,
  LifeInsurancePolicySchema,
  realEstatePropertyResource.schema,
  businessResource.schema,
];
