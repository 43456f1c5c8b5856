import { caseResource } from '@estate/shared-kernel';
import { pastFactDateProblems } from '@estate/shared-kernel/domain';
import { InstantTransferSummaries } from '../application/instant-transfer-summaries';
import { BankAccount, instantTransferSummaryOf } from '../domain/bank-account';
import { BANK_ACCOUNT_STATUSES, BANK_ACCOUNT_TYPES, OWNERSHIP_TYPES } from '../domain/bank-account-vocabulary';
import { BankAccountView, CreateBankAccountBody, PatchBankAccountBody } from '../http/dto/bank-account.dto';
import { BankAccountSchema } from '../infrastructure/persistence/bank-account.schema';

/**
 * Bank accounts (`#16`; create, read, `PATCH` of every create field, delete). The stored `instant_transfer` summary
 * is derived on every save and presented as one read-only object (the DTOs do not know it, so writing it is 422).
 */
export const bankAccountResource = caseResource<BankAccount>({
  name: 'bank account',
  path: 'bank-accounts',
  idParam: 'account_id',
  schema: BankAccountSchema,
  create: CreateBankAccountBody,
  patch: PatchBankAccountBody,
  view: BankAccountView,
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
  masked: ['account_number'],
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
