import { bankAccountResource } from '../../resources/bank-account.resource';
import { debtResource } from '../../resources/debt.resource';
import { RecurringPaymentSchema } from './recurring-payment.schema';
import { TransactionSchema } from './transaction.schema';
import { SignerSchema } from './signer.schema';
import { financialAccountResource } from '../../resources/financial-account.resource';
import { bankAccountBeneficiaryResource } from '../../resources/account-beneficiary.resource';
import { RecordedBalanceSchema } from './recorded-balance.schema';
import { investmentAccountResource } from '../../resources/investment-account.resource';
import { lifeInsurancePolicyResource } from '../../resources/life-insurance-policy.resource';
import { RealEstateValuationSchema } from './real-estate-valuation.schema';
import { RetirementAccountSchema } from './retirement-account.schema';
import { vehicleResource } from '../../resources/vehicle.resource';
import { institutionContactResource } from '../../resources/institution-contact.resource';
import { RealEstatePropertySchema } from './real-estate-property.schema';
import { businessResource } from '../../resources/business.resource';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const ASSETS_ENTITIES = [
  institutionContactResource.schema,
  debtResource.schema,
  bankAccountResource.schema,
  TransactionSchema,
  RecurringPaymentSchema,
  SignerSchema,
  financialAccountResource.schema,
  bankAccountBeneficiaryResource.schema,
  RecordedBalanceSchema,
  RealEstateValuationSchema,
  vehicleResource.schema,
  investmentAccountResource.schema,
  RetirementAccountSchema,
  lifeInsurancePolicyResource.schema,
  RealEstatePropertySchema,
  businessResource.schema,
];
