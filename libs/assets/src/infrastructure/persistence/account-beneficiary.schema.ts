import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, MoneyType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { AccountBeneficiary } from '../../domain/account-beneficiary';

/**
 * The beneficiaries of bank and of financial accounts, one table (contract-extensions §12.2). Each row names its
 * account in exactly one of two columns, each a foreign key that goes with its account; both are hidden and presented
 * as the one `account_id` (the declarations' `present`).
 */
export const AccountBeneficiarySchema = new EntitySchema<AccountBeneficiary>({
  class: AccountBeneficiary,
  tableName: 'account_beneficiaries',
  properties: {
    ...caseRecordProperties(),
    bankAccountId: { ...nullableText(26), hidden: true },
    financialAccountId: { ...nullableText(26), hidden: true },
    name: { type: 'string', length: 200 },
    relationship: nullableText(),
    personId: nullableText(26),
    // A percentage with exactly two decimals: numeric(5,2), converted as money is (never a float column).
    percentageShare: { type: MoneyType, columnType: 'numeric(5,2)' },
    designation: { type: 'string', length: 20, default: 'primary' },
    designationType: nullableText(20),
    status: { type: 'string', length: 30, default: 'active' },
    contactInfo: { type: 'json', nullable: true },
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
