import { caseResource, field, MoneyField, NumberField, ResourceRecord, StringField } from '@estate/shared-kernel';
import { INVESTMENT_ACCOUNT_TYPES, INVESTMENT_TRANSFER_STATUSES } from '../domain/investment-vocabulary';
import { BeneficiaryBody } from '../http/dto/beneficiary.dto';
import { beneficiarySharesRule } from './beneficiary-shares.rule';
import { institutionContactResource } from './institution-contact.resource';

export class HoldingBody {
  @StringField({ max: 20, description: 'Ticker symbol.', example: 'VTI' })
  symbol?: string | null;

  @StringField({ description: 'Name of the security.', example: 'Vanguard Total Stock Market ETF' })
  name?: string | null;

  @NumberField({ min: 0, max: 1_000_000_000_000, maxDecimals: 8, description: 'Units held; fractions allowed.', example: 120.5 })
  quantity?: number | null;

  @MoneyField({ description: 'Market value of the position.', example: 33012.75 })
  market_value?: number | null;

  @MoneyField({ description: 'Cost basis of the position.', example: 21000 })
  cost_basis?: number | null;

  @StringField({ description: 'Asset class (free text: no fixed set of values).', example: 'equity' })
  asset_class?: string | null;
}

/** Investment accounts (`#21`): `account_number` encrypted and masked; the beneficiary shares rule (contract §3.2). */
export const investmentAccountResource = caseResource({
  name: 'investment account',
  path: 'investment-accounts',
  idParam: 'account_id',
  table: 'investment_accounts',
  caseIdShown: true,
  fields: {
    accountType: field.enum(INVESTMENT_ACCOUNT_TYPES, { required: true, description: 'Kind of account.', example: 'brokerage' }),
    custodianName: field.string({ required: true, description: 'The custodian holding the account.', example: 'Fidelity Investments' }),
    accountNumber: field.string({ max: 64, encrypted: true, description: 'Account number; accepted in full, always returned masked.', example: 'Z12345678' }),
    status: field.string({ description: 'Account status (free text: no fixed set of values).', example: 'open' }),
    balance: field.money({ description: 'Current balance.', example: 58000 }),
    holdings: field.objectArray(() => HoldingBody, { description: 'Positions in the account; [] when none.' }),
    beneficiaries: field.objectArray(() => BeneficiaryBody, { description: 'Named beneficiaries (TOD); per designation the shares add up to at most 100.' }),
    dateOfDeathValue: field.money({ description: 'Value on the date of death.', example: 56250.1 }),
    transferStatus: field.enum(INVESTMENT_TRANSFER_STATUSES, { description: 'Where the transfer of the account stands.', example: 'not_started' }),
    institutionContactId: field.reference(() => institutionContactResource, { description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    notes: field.text({ description: 'Free notes.', example: 'Statement for August requested.' }),
  },
  filters: { account_type: INVESTMENT_ACCOUNT_TYPES, transfer_status: INVESTMENT_TRANSFER_STATUSES },
  sorts: ['created_at'],
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 21 },
  tagDescription: 'Investment accounts and their transfer.',
  rules: beneficiarySharesRule,
});

export type InvestmentAccount = ResourceRecord<typeof investmentAccountResource>;
