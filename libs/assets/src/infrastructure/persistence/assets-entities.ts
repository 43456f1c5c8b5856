import { bankAccountResource } from '../../resources/bank-account.resource';
import { debtResource } from '../../resources/debt.resource';
import { recurringPaymentResource } from '../../resources/recurring-payment.resource';
import { transactionResource } from '../../resources/transaction.resource';
import { signerResource } from '../../resources/signer.resource';
import { financialAccountResource } from '../../resources/financial-account.resource';
import { bankAccountBeneficiaryResource } from '../../resources/account-beneficiary.resource';
import { RecordedBalanceSchema } from './recorded-balance.schema';
import { investmentAccountResource } from '../../resources/investment-account.resource';
import { lifeInsurancePolicyResource } from '../../resources/life-insurance-policy.resource';
import { realEstateValuationResource } from '../../resources/real-estate-valuation.resource';
import { retirementAccountResource } from '../../resources/retirement-account.resource';
import { vehicleResource } from '../../resources/vehicle.resource';
import { institutionContactResource } from '../../resources/institution-contact.resource';
import { realEstatePropertyResource } from '../../resources/real-estate-property.resource';
import { businessResource } from '../../resources/business.resource';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const ASSETS_ENTITIES = [
  institutionContactResource.schema,
  debtResource.schema,
  bankAccountResource.schema,
  transactionResource.schema,
  recurringPaymentResource.schema,
  signerResource.schema,
  financialAccountResource.schema,
  bankAccountBeneficiaryResource.schema,
  RecordedBalanceSchema,
  realEstateValuationResource.schema,
  vehicleResource.schema,
  investmentAccountResource.schema,
  retirementAccountResource.schema,
  lifeInsurancePolicyResource.schema,
  realEstatePropertyResource.schema,
  businessResource.schema,
];
