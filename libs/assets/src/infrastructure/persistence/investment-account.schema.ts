import { EntitySchema } from '@mikro-orm/core';
import {
  caseRecordProperties,
  EncryptedStringType,
  moneyColumn as money,
  textColumn as text,
  timestampProperties,
} from '@estate/shared-kernel';
import { InvestmentAccount } from '../../domain/investment-account';

export const InvestmentAccountSchema = new EntitySchema<InvestmentAccount>({
  class: InvestmentAccount,
  tableName: 'investment_accounts',
  properties: {
    ...caseRecordProperties(),
    // The specification's table carries `case_id`.
    caseId: { ...caseRecordProperties().caseId, hidden: false },
    accountType: { type: 'string', length: 30, fieldName: 'account_type' },
    custodianName: { type: 'string', length: 200, fieldName: 'custodian_name' },
    accountNumber: { type: EncryptedStringType, nullable: true, fieldName: 'account_number' },
    status: text('status'),
    balance: money('balance'),
    holdings: { type: 'json', default: [] },
    beneficiaries: { type: 'json', default: [] },
    dateOfDeathValue: money('date_of_death_value'),
    transferStatus: text('transfer_status', 30),
    institutionContactId: text('institution_contact_id', 26),
    notes: text('notes', 10_000),
    ...timestampProperties(),
  },
});
