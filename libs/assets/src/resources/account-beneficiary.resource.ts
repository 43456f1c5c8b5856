import { OmitType, PartialType } from '@nestjs/swagger';
import {
  AddressDto,
  caseResource,
  DeclaredReferences,
  EmailField,
  ErrorDetail,
  field,
  findRecords,
  JsonObject,
  MoneyType,
  NestedField,
  recordShape,
  ResourceRecord,
  StringField,
  WriteContext,
} from '@estate/shared-kernel';
import { centsOf, centsToText } from '@estate/shared-kernel/domain';
import { personResource } from '@estate/case';
import { BeneficiaryShare, shareRefusal } from '../domain/beneficiary-shares';
import { ACCOUNT_BENEFICIARY_STATUSES, BENEFICIARY_DESIGNATION_TYPES, BENEFICIARY_DESIGNATIONS } from '../domain/financial-account-vocabulary';
import { bankAccountResource } from './bank-account.resource';
import { financialAccountResource } from './financial-account.resource';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** `contact_info`: how to reach the beneficiary. */
export class BeneficiaryContactInfoBody {
  @EmailField({ description: 'E-mail address.', example: 'grace.okafor@example.com' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' })
  phone?: string | null;

  @NestedField(() => AddressDto, { description: 'Postal address.' })
  address?: AddressDto | null;
}

/** A merge patch may change one line of the address: each field optional here, the merged address is checked whole. */
export class PatchBeneficiaryAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

export class PatchBeneficiaryContactInfoBody extends PartialType(OmitType(BeneficiaryContactInfoBody, ['address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchBeneficiaryAddressBody, { description: 'Postal address (merged field by field).' })
  address?: PatchBeneficiaryAddressBody | null;
}

/* The account a row names: exactly one of two columns, each a foreign key that goes with its account; shown as `account_id`. */

/**
 * The beneficiaries of bank and of financial accounts (contract-extensions §12.2): one table, one list of fields, one
 * body, one view for both kinds of account. Every field of the create body is writable; `contact_info` merges
 * recursively (RFC 7396).
 */
const beneficiaryFields = {
  bankAccountId: field.string({ hidden: true, max: 26 }),
  financialAccountId: field.string({ hidden: true, max: 26 }),
  name: field.string({ required: true, description: 'Name of the beneficiary, as the designation gives it.', example: 'Grace Okafor' }),
  relationship: field.string({ description: 'Relationship to the deceased, free text.', example: 'daughter' }),
  // Contract-extensions §10.0: a `person_id` names a Person of the same case, or is null (422); deleting the person clears it.
  personId: field.reference(() => personResource, { min: 26, max: 26, pattern: ULID, description: 'The Person of this case the beneficiary is, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }),
  // A percentage with exactly two decimals: numeric(5,2), converted as money is (never a float column).
  percentageShare: field.number({
    required: true,
    min: 0,
    max: 100,
    maxDecimals: 2,
    column: { type: MoneyType, columnType: 'numeric(5,2)' },
    description: 'Share in percent, 0–100; per account and designation the shares of beneficiaries who have not disclaimed add up to at most 100.',
    example: 50,
  }),
  designation: field.enum(BENEFICIARY_DESIGNATIONS, { default: 'primary', column: { length: 20 }, description: 'Primary or contingent; `primary` when unset.', example: 'primary' }),
  designationType: field.enum(BENEFICIARY_DESIGNATION_TYPES, { column: { length: 20 }, description: 'Payable on death (`pod`), transfer on death (`tod`) or `other`.', example: 'pod' }),
  status: field.enum(ACCOUNT_BENEFICIARY_STATUSES, {
    default: 'active',
    description: 'Where the designation stands; `active` when unset. A `disclaimed` share counts for nothing.',
    example: 'active',
  }),
  contactInfo: field.object(() => BeneficiaryContactInfoBody, {
    description: 'How to reach the beneficiary.',
    patch: NestedField(() => PatchBeneficiaryContactInfoBody, { description: 'How to reach the beneficiary (merged field by field).' }),
  }),
  notes: field.text({ description: 'Free notes.', example: 'Named on the bank’s POD form of 2019.' }),
  accountId: field.string({
    computed: true,
    view: { type: String, required: true },
    description: 'The bank account or financial account the designation is on.',
    example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB',
  }),
};

const beneficiaryShape = recordShape({ name: 'account beneficiary', table: 'account_beneficiaries', fields: beneficiaryFields });

/**
 * The share rule of contract-extensions §12.2, for both kinds of account: per account and `designation`, the shares
 * of the beneficiaries who have not disclaimed add up to at most 100.00 (the domain's one sum). It checks the create
 * body or the merged result of a patch against the account's other beneficiaries (the route's scope names the
 * account), and the refusal says how much is left. Race-safe because every write of a case holds the case row first:
 * two concurrent creates on one account run one after the other, and the second sees the first.
 */
async function accountSharesRule(document: JsonObject, { em, scope, id }: WriteContext): Promise<ErrorDetail[]> {
  const { caseId, ...account } = scope;
  const others = await findRecords(em, beneficiaryShape.schema, [{ caseId, ...account, ...(id ? { id: { $ne: id } } : {}) }]);
  const refusal = shareRefusal(
    document as BeneficiaryShare,
    others.map((other) => ({ percentage_share: other.percentageShare, designation: other.designation, status: other.status })),
  );
  if (!refusal) return [];
  const asked = centsToText(centsOf(document.percentage_share as number) ?? 0n);
  return [
    {
      field: 'percentage_share',
      message: `percentage_share ${asked} is more than is left: ${centsToText(refusal.left)} of 100.00 is left for ${refusal.designation} beneficiaries of this account`,
      reason: 'rule',
    },
  ];
}

/** What the beneficiaries under either kind of account share: one table, one body, one view, one event key. */
const beneficiaries = {
  eventKey: 'account_beneficiary',
  idParam: 'beneficiary_id',
  schema: beneficiaryShape.schema,
  create: beneficiaryShape.create,
  patch: beneficiaryShape.patch,
  view: beneficiaryShape.view,
  masked: beneficiaryShape.masked,
  references: beneficiaryShape.references as DeclaredReferences,
  examples: beneficiaryShape.examples as { minimal: JsonObject; full: JsonObject },
  // The list the shape is made of, for what reads a declaration's fields (its computed `account_id`, the generated contract).
  fields: beneficiaryFields,
  rules: accountSharesRule,
  // The account is stored in the column of its kind; the API shows it as `account_id`, after `id`.
  present: (record: { bankAccountId: string | null; financialAccountId: string | null }, view: Record<string, unknown>) => {
    const { id, ...rest } = view;
    return { id, account_id: record.bankAccountId ?? record.financialAccountId, ...rest };
  },
} as const;

/** Beneficiaries of a bank account (contract-extensions §12.2). Events `account_beneficiary.created|updated|deleted`. */
export const bankAccountBeneficiaryResource = caseResource({
  name: 'bank account beneficiary',
  path: 'bank-accounts/:account_id/beneficiaries',
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  tag: 'bank-accounts',
  ...beneficiaries,
});

/** Beneficiaries of a financial account (contract-extensions §12.2): the same record, rule and events. */
export const financialAccountBeneficiaryResource = caseResource({
  name: 'financial account beneficiary',
  path: 'financial-accounts/:account_id/beneficiaries',
  parent: { resource: () => financialAccountResource, param: 'account_id', property: 'financialAccountId' },
  tag: 'financial-accounts',
  ...beneficiaries,
});

export type AccountBeneficiary = ResourceRecord<typeof bankAccountBeneficiaryResource>;
