import { ApiProperty, PartialType } from '@nestjs/swagger';
import { AddressDto, caseResource, field, NestedField, ResourceRecord } from '@estate/shared-kernel';
import { pastFactDateProblems } from '@estate/shared-kernel/domain';
import { InstantTransferSummaries } from '../application/instant-transfer-summaries';
import { instantTransferSummaryOf } from '../domain/bank-account';
import { BANK_ACCOUNT_STATUSES, BANK_ACCOUNT_TYPES, INSTANT_TRANSFER_ELIGIBILITIES, OWNERSHIP_TYPES } from '../domain/bank-account-vocabulary';
import { interestRateField } from './interest-rate.field';

/** A merge patch may change one line of the address: each field optional here, the merged address is checked whole. */
export class PatchBranchAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

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

/**
 * Bank accounts (`#16`; create, read, `PATCH` of every create field, delete). The stored `instant_transfer` summary
 * is derived on every save and presented as one read-only object (the bodies do not know it, so writing it is 422).
 */
export const bankAccountResource = caseResource({
  name: 'bank account',
  path: 'bank-accounts',
  idParam: 'account_id',
  table: 'bank_accounts',
  fields: {
    institutionName: field.string({ required: true, description: 'Name of the bank.', example: 'First Prairie Bank' }),
    institutionRoutingNumber: field.string({
      max: 9,
      pattern: /^\d{9}$/,
      patternMessage: '$property must be a 9-digit ABA routing number',
      column: { length: 200 },
      description: 'ABA routing number.',
      example: '071000013',
    }),
    accountType: field.enum(BANK_ACCOUNT_TYPES, { required: true, column: { length: 20 }, description: 'Kind of account.', example: 'checking' }),
    accountNumber: field.string({ required: true, max: 40, encrypted: true, description: 'Account number; accepted in full, stored encrypted, returned masked.', example: '000123456789' }),
    accountTitle: field.string({ description: 'Title on the account.', example: 'Margaret A. Okafor' }),
    ownershipType: field.enum(OWNERSHIP_TYPES, { required: true, description: 'How the account is owned.', example: 'individual' }),
    status: field.enum(BANK_ACCOUNT_STATUSES, { default: 'open', column: { length: 20 }, description: 'Status of the account; `open` when unset.', example: 'open' }),
    currentBalance: field.money({ description: 'Current (ledger) balance.', example: 18250.4 }),
    availableBalance: field.money({ description: 'Balance available for withdrawal.', example: 18000 }),
    currency: field.string({
      min: 3,
      max: 3,
      pattern: /^[A-Z]{3}$/,
      patternMessage: '$property must be an ISO 4217 code in capitals, e.g. USD',
      default: 'USD',
      description: 'ISO 4217 currency code; `USD` when unset.',
      example: 'USD',
    }),
    interestRate: interestRateField(0.45),
    maturityDate: field.date({ description: 'Maturity date (certificates of deposit).', example: '2027-03-01' }),
    openedDate: field.date({ description: 'Date the account was opened; not after today.', example: '1998-05-11' }),
    closedDate: field.date({ description: 'Date the account was closed; not after today.', example: '2026-11-30' }),
    branchName: field.string({ description: 'Branch name.', example: 'Springfield Main' }),
    branchAddress: field.object(() => AddressDto, {
      description: 'Branch address.',
      patch: NestedField(() => PatchBranchAddressBody, { description: 'Branch address (merged field by field).' }),
    }),
    branchPhone: field.string({ max: 40, column: { length: 200 }, description: 'Branch phone.', example: '+1 217 555 0140' }),
    onlineAccess: field.boolean({ description: 'Whether online access exists; false when unset.', example: true }),
    hasOverdraftProtection: field.boolean({ description: 'Whether overdraft protection is on; false when unset.', example: false }),
    isEstateAccount: field.boolean({ description: "Whether this is the case's estate account (the destination of instant transfers); false when unset.", example: false }),
    closureMethod: field.string({ description: 'How the account is being closed; `instant_transfer` is one value.', example: 'instant_transfer' }),
    // The `instant_transfer` summary (specification, Bank account), stored flat; only the eligibility policy and the
    // transfers context change it.
    instantTransferEligibility: field.enum(INSTANT_TRANSFER_ELIGIBILITIES, { hidden: true, required: true, column: { length: 20 } }),
    instantTransferMaxAmount: field.money({ hidden: true, required: true }),
    instantTransferActiveTransferId: field.string({ hidden: true, max: 26 }),
    instantTransferTransferredAmount: field.money({ hidden: true, default: 0 }),
    instantTransferEvaluatedAt: field.dateTime({ hidden: true, required: true }),
    notes: field.text({ column: { type: 'text', length: undefined }, description: 'Free notes.', example: 'Statements go to the executor.' }),
    instantTransfer: field.object(() => InstantTransferSummaryView, {
      computed: true,
      view: { type: InstantTransferSummaryView, required: true },
      description: 'Instant-transfer summary; read-only, recomputed whenever the account or the case authority changes.',
    }),
  },
  filters: {
    status: BANK_ACCOUNT_STATUSES,
    // Contract §4: case-insensitive partial match.
    institution_name: { kind: 'contains_text' },
    account_type: BANK_ACCOUNT_TYPES,
    ownership_type: OWNERSHIP_TYPES,
  },
  sorts: ['created_at', 'current_balance', 'institution_name', 'account_type'],
  specRoutes: { list: 16 },
  tagDescription: 'Bank accounts of the deceased, their transactions, recurring payments, signers, statements and beneficiaries.',
  // The account's opening and closing are past facts (contract-extensions §10.0): not after today.
  rules: (document, { clock }) => pastFactDateProblems(document, ['opened_date', 'closed_date'], clock.today()),
  // Contract §8: eligibility follows the account and the case authority, recomputed in the changing transaction.
  derivedBy: () => InstantTransferSummaries,
  present: (account, view) => {
    const presented: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(view)) {
      presented[field] = value;
      // The specification's order: the summary follows `closure_method`.
      if (field === 'closure_method') presented.instant_transfer = instantTransferSummaryOf(account);
    }
    return presented;
  },
});

export type BankAccount = ResourceRecord<typeof bankAccountResource>;
