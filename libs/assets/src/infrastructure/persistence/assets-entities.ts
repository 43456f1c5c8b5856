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
import { RealEstateValuationSchema } from './real-estate-valuation.schema';
import { retirementAccountResource } from '../../resources/retirement-account.resource';
import { vehicleResource } from '../../resources/vehicle.resource';
import { InstitutionContactSchema } from './institution-contact.schema';
import { RealEstatePropertySchema } from './real-estate-property.schema';
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
  RealEstateValuationSchema,
  vehicleResource.schema,
  InvestmentAccountSchema,
  retirementAccountResource.schema,
  LifeInsurancePolicySchema,
  RealEstatePropertySchema,
  businessResource.schema,
];
