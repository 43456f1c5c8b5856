import { IntersectionType, PartialType } from '@nestjs/swagger';
import { DateField, EnumField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { OWNERSHIP_TYPES } from '../../domain/bank-account-vocabulary';
import { FINANCIAL_ACCOUNT_KINDS, FINANCIAL_ACCOUNT_STATUSES } from '../../domain/financial-account-vocabulary';

export class CreateFinancialAccountBody {
  @EnumField(FINANCIAL_ACCOUNT_KINDS, { required: true, description: 'What kind of account it is (one none of the specific kinds fits).', example: 'annuity' })
  account_kind: string;

  @StringField({ required: true, description: 'The institution holding the account (insurer, app, bank, employer…).', example: 'Midwest Mutual Life' })
  institution_name: string;

  @StringField({ max: 64, description: 'Account or contract number; accepted in full, stored encrypted, returned masked.', example: 'AN-99812034' })
  account_number?: string | null;

  @StringField({ description: 'Title on the account.', example: 'Margaret A. Okafor' })
  account_title?: string | null;

  @EnumField(OWNERSHIP_TYPES, { description: 'How the account is owned (the bank account set).', example: 'individual' })
  ownership_type?: string | null;

  @EnumField(FINANCIAL_ACCOUNT_STATUSES, { description: 'Status of the account; `open` when unset.', example: 'open' })
  status?: string | null;

  @MoneyField({ description: 'Balance (or value) of the account.', example: 48210.55 })
  balance?: number | null;

  @DateField({ description: 'The date of that balance.', example: '2026-10-31' })
  balance_as_of?: string | null;

  @MoneyField({ description: 'Value on the date of death.', example: 47980 })
  date_of_death_value?: number | null;

  @StringField({ max: 26, description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Annuity contract; death claim form requested.' })
  notes?: string | null;
}

/** Every field of the create body is writable (contract-extensions §10.0); `null` clears an optional one. */
export class PatchFinancialAccountBody extends PartialType(CreateFinancialAccountBody, { skipNullProperties: false }) {}

export class FinancialAccountView extends IntersectionType(RecordView, CreateFinancialAccountBody) {}
