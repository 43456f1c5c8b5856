import type {
  AccountingBankAccount,
  AccountingBusiness,
  AccountingCategory,
  AccountingRealEstateProperty,
  AccountingUnclaimedProperty,
  AccountingVehicle,
  TransactionRelatedType,
} from '@estate/assets';
import type { AccountingCreditorClaim, AccountingDistribution, AccountingTransaction, Money } from './accounting-records';

/** Record builders for the accounting's unit tests: every field §16 reads, with plain defaults. */
export const at = (date: string): Date => new Date(`${date}T12:00:00.000Z`);

export function bankAccount(id: string, fields: Partial<AccountingBankAccount> = {}): AccountingBankAccount {
  return {
    id,
    institutionName: 'First Bank',
    accountType: 'checking',
    accountNumber: `0000${id.length}4321`,
    ownershipType: 'individual',
    currency: 'USD',
    currentBalance: null,
    createdAt: at('2026-01-12'),
    ...fields,
  };
}

let created = 0;

export function transaction(
  id: string,
  bankAccountId: string,
  date: string,
  amount: Money,
  accountingCategory: AccountingCategory,
  related: [TransactionRelatedType, string] | null = null,
  fields: Partial<AccountingTransaction> = {},
): AccountingTransaction {
  created += 1;
  return {
    id,
    bankAccountId,
    date,
    amount,
    accountingCategory,
    relatedType: related?.[0] ?? null,
    relatedId: related?.[1] ?? null,
    description: `${accountingCategory} ${id}`,
    merchantName: null,
    createdAt: new Date(at(date).getTime() + created),
    ...fields,
  };
}

export const ADDRESS = { address1: '12 Elm Street', address2: null, city: 'Pasadena', state: 'CA', zip: '91101' };

export function property(id: string, fields: Partial<AccountingRealEstateProperty> = {}): AccountingRealEstateProperty {
  return {
    id,
    address: ADDRESS,
    propertyType: 'single_family',
    parcelNumber: null,
    ownershipType: 'sole',
    ownershipPercentage: 100,
    estimatedValue: null,
    dateOfDeathValue: null,
    outstandingMortgage: null,
    liens: [],
    status: 'owned',
    salePrice: null,
    saleDate: null,
    createdAt: at('2026-01-15'),
    ...fields,
  };
}

export function vehicle(id: string, fields: Partial<AccountingVehicle> = {}): AccountingVehicle {
  return {
    id,
    year: 2019,
    make: 'Toyota',
    model: 'Camry',
    vin: '4T1B11HK5KU000001',
    estimatedValue: null,
    lienPayoffAmount: null,
    disposition: null,
    dispositionDetails: null,
    createdAt: at('2026-01-16'),
    ...fields,
  };
}

export function business(id: string, fields: Partial<AccountingBusiness> = {}): AccountingBusiness {
  return {
    id,
    businessName: `Business ${id}`,
    ownershipPercentage: 100,
    estimatedValue: null,
    status: 'active',
    salePrice: null,
    saleDate: null,
    createdAt: at('2026-01-17'),
    ...fields,
  };
}

export function unclaimed(id: string, fields: Partial<AccountingUnclaimedProperty> = {}): AccountingUnclaimedProperty {
  return {
    id,
    state: 'CA',
    holderName: 'Old Insurer',
    propertyType: 'insurance_refund',
    statePropertyId: null,
    claimStatus: 'discovered',
    claimPaidDate: null,
    claimPaidAmount: null,
    createdAt: at('2026-01-18'),
    ...fields,
  };
}

export function claim(id: string, claimAmount: Money, fields: Partial<AccountingCreditorClaim> = {}): AccountingCreditorClaim {
  return {
    id,
    creditorName: `Creditor ${id}`,
    accountNumber: null,
    claimAmount,
    claimDate: '2026-02-01',
    status: 'pending',
    resolutionAmount: null,
    resolutionDate: null,
    createdAt: at('2026-02-01'),
    ...fields,
  };
}

export function distribution(id: string, fields: Partial<AccountingDistribution> = {}): AccountingDistribution {
  return {
    id,
    personId: `person-${id}`,
    recipientName: `Heir ${id}`,
    distributionType: 'residuary',
    kind: 'cash',
    amount: null,
    assetType: null,
    assetId: null,
    assetDescription: null,
    value: null,
    status: 'planned',
    paidDate: null,
    transactionId: null,
    createdAt: at('2026-03-01'),
    ...fields,
  };
}
