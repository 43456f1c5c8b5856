import { ASSETS_PARTS } from './assets.parts';

export { AssetsModule } from './assets.module';
/** Its ORM mappings, gathered from its folder. */
export const ASSETS_ENTITIES = ASSETS_PARTS.entities;
export { institutionContactResource } from './resources/institution-contact.resource';
export { debtResource } from './resources/debt.resource';
export { realEstateValuationResource } from './resources/real-estate-valuation.resource';
export { vehicleResource } from './resources/vehicle.resource';
export { investmentAccountResource } from './resources/investment-account.resource';
export { retirementAccountResource } from './resources/retirement-account.resource';
export { lifeInsurancePolicyResource } from './resources/life-insurance-policy.resource';
export { bankAccountResource } from './resources/bank-account.resource';
export { transactionResource } from './resources/transaction.resource';
export { recurringPaymentResource } from './resources/recurring-payment.resource';
export { signerResource } from './resources/signer.resource';
export { financialAccountResource } from './resources/financial-account.resource';
export { bankAccountBeneficiaryResource, financialAccountBeneficiaryResource } from './resources/account-beneficiary.resource';
export { realEstatePropertyResource } from './resources/real-estate-property.resource';
export { businessResource } from './resources/business.resource';
export * from './ports';
export { EstateInventoryTotals } from './application/ports/estate-inventory-totals.port';
