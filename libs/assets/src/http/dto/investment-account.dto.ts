import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { EnumField, MoneyField, NestedArrayField, NumberField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { INVESTMENT_ACCOUNT_TYPES, INVESTMENT_TRANSFER_STATUSES } from '../../domain/investment-vocabulary';
import { BeneficiaryBody } from './beneficiary.dto';

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

export class CreateInvestmentAccountBody {
  @EnumField(INVESTMENT_ACCOUNT_TYPES, { required: true, description: 'Kind of account.', example: 'brokerage' })
  account_type: string;

  @StringField({ required: true, description: 'The custodian holding the account.', example: 'Fidelity Investments' })
  custodian_name: string;

  @StringField({ max: 64, description: 'Account number; accepted in full, always returned masked.', example: 'Z12345678' })
  account_number?: string | null;

  @StringField({ description: 'Account status (free text: no fixed set of values).', example: 'open' })
  status?: string | null;

  @MoneyField({ description: 'Current balance.', example: 58000 })
  balance?: number | null;

  @NestedArrayField(() => HoldingBody, { description: 'Positions in the account; [] when none.' })
  holdings?: HoldingBody[] | null;

  @NestedArrayField(() => BeneficiaryBody, { description: 'Named beneficiaries (TOD); per designation the shares add up to at most 100.' })
  beneficiaries?: BeneficiaryBody[] | null;

  @MoneyField({ description: 'Value on the date of death.', example: 56250.1 })
  date_of_death_value?: number | null;

  @EnumField(INVESTMENT_TRANSFER_STATUSES, { description: 'Where the transfer of the account stands.', example: 'not_started' })
  transfer_status?: string | null;

  @StringField({ max: 26, description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Statement for August requested.' })
  notes?: string | null;
}

/** Every field of the create body is writable (contract §3); `null` clears an optional one. */
export class PatchInvestmentAccountBody extends PartialType(CreateInvestmentAccountBody, { skipNullProperties: false }) {}

export class InvestmentAccountView extends IntersectionType(RecordView, CreateInvestmentAccountBody) {
  @ApiProperty({ description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })
  case_id: string;
}
