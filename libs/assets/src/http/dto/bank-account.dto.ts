import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import {
  AddressDto,
  BooleanField,
  DateField,
  EnumField,
  MoneyField,
  NestedField,
  NumberField,
  RecordView,
  StringField,
  TextField,
} from '@estate/shared-kernel';
import { BANK_ACCOUNT_STATUSES, BANK_ACCOUNT_TYPES, INSTANT_TRANSFER_ELIGIBILITIES, OWNERSHIP_TYPES } from '../../domain/bank-account-vocabulary';

export class CreateBankAccountBody {
  @StringField({ required: true, description: 'Name of the bank.', example: 'First Prairie Bank' })
  institution_name: string;

  @StringField({ max: 9, pattern: /^\d{9}$/, patternMessage: '$property must be a 9-digit ABA routing number', description: 'ABA routing number.', example: '071000013' })
  institution_routing_number?: string | null;

  @EnumField(BANK_ACCOUNT_TYPES, { required: true, description: 'Kind of account.', example: 'checking' })
  account_type: string;

  @StringField({ required: true, max: 40, description: 'Account number; accepted in full, stored encrypted, returned masked.', example: '000123456789' })
  account_number: string;

  @StringField({ description: 'Title on the account.', example: 'Margaret A. Okafor' })
  account_title?: string | null;

  @EnumField(OWNERSHIP_TYPES, { required: true, description: 'How the account is owned.', example: 'individual' })
  ownership_type: string;

  @EnumField(BANK_ACCOUNT_STATUSES, { description: 'Status of the account; `open` when unset.', example: 'open' })
  status?: string | null;

  @MoneyField({ description: 'Current (ledger) balance.', example: 18250.4 })
  current_balance?: number | null;

  @MoneyField({ description: 'Balance available for withdrawal.', example: 18000 })
  available_balance?: number | null;

  @StringField({ min: 3, max: 3, pattern: /^[A-Z]{3}$/, patternMessage: '$property must be an ISO 4217 code in capitals, e.g. USD', description: 'ISO 4217 currency code; `USD` when unset.', example: 'USD' })
  currency?: string | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 4, description: 'Annual interest rate in percent.', example: 0.45 })
  interest_rate?: number | null;

  @DateField({ description: 'Maturity date (certificates of deposit).', example: '2027-03-01' })
  maturity_date?: string | null;

  @DateField({ description: 'Date the account was opened; not after today.', example: '1998-05-11' })
  opened_date?: string | null;

  @DateField({ description: 'Date the account was closed; not after today.', example: '2026-11-30' })
  closed_date?: string | null;

  @StringField({ description: 'Branch name.', example: 'Springfield Main' })
  branch_name?: string | null;

  @NestedField(() => AddressDto, { description: 'Branch address.' })
  branch_address?: AddressDto | null;

  @StringField({ max: 40, description: 'Branch phone.', example: '+1 217 555 0140' })
  branch_phone?: string | null;

  @BooleanField({ description: 'Whether online access exists; false when unset.', example: true })
  online_access?: boolean | null;

  @BooleanField({ description: 'Whether overdraft protection is on; false when unset.', example: false })
  has_overdraft_protection?: boolean | null;

  @BooleanField({ description: "Whether this is the case's estate account (the destination of instant transfers); false when unset.", example: false })
  is_estate_account?: boolean | null;

  @StringField({ description: 'How the account is being closed; `instant_transfer` is one value.', example: 'instant_transfer' })
  closure_method?: string | null;

  @TextField({ description: 'Free notes.', example: 'Statements go to the executor.' })
  notes?: string | null;
}

/** A merge patch may change one line of the address: each field optional here, the merged address is checked whole. */
export class PatchBranchAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

/** Bank account `PATCH`: every field of the create body (contract §3.2); `instant_transfer` is read-only (422). */
export class PatchBankAccountBody extends PartialType(OmitType(CreateBankAccountBody, ['branch_address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchBranchAddressBody, { description: 'Branch address (merged field by field).' })
  branch_address?: PatchBranchAddressBody | null;
}

export class InstantTransferSummaryView {
  @ApiProperty({ enum: INSTANT_TRANSFER_ELIGIBILITIES, description: 'Whether funds may be moved to the estate account by instant transfer.' })
  eligibility: string;
  @ApiProperty({ description: 'The available balance capped at 250,000.00; 0 when ineligible.', example: 18000 })
  max_transfer_amount: number;
  @ApiProperty({ type: String, nullable: true, description: 'The transfer in flight from this account, if any.', example: null })
  active_transfer_id: string | null;
  @ApiProperty({ description: 'Amount already moved by settled transfers; 0 on a new account.', example: 0 })
  transferred_amount: number;
  @ApiProperty({ format: 'date-time', description: 'When eligibility was last computed (UTC).' })
  evaluated_at: string;
}

export class BankAccountView extends IntersectionType(RecordView, CreateBankAccountBody) {
  @ApiProperty({ type: InstantTransferSummaryView, description: 'Instant-transfer summary; read-only, recomputed whenever the account or the case authority changes.' })
  instant_transfer: InstantTransferSummaryView;
}
