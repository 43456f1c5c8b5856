import { caseResource, ErrorDetail, field, findRecords, JsonObject, ResourceRecord, WriteContext } from '@estate/shared-kernel';
import { personResource } from '@estate/case';
import { SIGNER_ROLES } from '../domain/bank-account-vocabulary';
import { bankAccountResource } from './bank-account.resource';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * At most one `primary_holder` per account (contract §11.3), on a create and on the merged result of a patch (which
 * leaves its own record out of the count). Race-safe because every write of a case holds the case row first: two
 * concurrent creates of a primary holder on one account run one after the other, and the second sees the first.
 */
async function onePrimaryHolder(document: JsonObject, { em, scope, id }: WriteContext): Promise<ErrorDetail[]> {
  if (document.role !== 'primary_holder') return [];
  const holders = await findRecords(em, signerResource.schema, [
    { caseId: scope.caseId, bankAccountId: scope.bankAccountId, role: 'primary_holder', ...(id ? { id: { $ne: id } } : {}) },
  ]);
  return holders.map((holder) => ({ field: 'role', message: `the account already has a primary_holder (signer ${holder.id}); an account has at most one`, reason: 'conflict' }));
}

/** Signers of a bank account (contract §11.3): a plain record below its account. Events `signer.created|updated|deleted`. */
export const signerResource = caseResource({
  name: 'signer',
  path: 'bank-accounts/:account_id/signers',
  idParam: 'signer_id',
  table: 'signers',
  fields: {
    // Contract §11.3 lists `bank_account_id` among the fields: shown, read-only (the route names the account).
    bankAccountId: field.string({ required: true, readOnly: true, max: 26, view: { type: String }, description: 'The bank account.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }),
    name: field.string({ required: true, description: 'Name as the bank has it.', example: 'Margaret A. Okafor' }),
    role: field.enum(SIGNER_ROLES, { required: true, description: 'Their place on the account; at most one `primary_holder` per account.', example: 'joint_holder' }),
    isDeceased: field.boolean({ description: 'Whether this signer has died (the deceased is usually the primary holder).', example: false }),
    // Contract §10.0: a `person_id` names a Person of the same case, or is null (422); deleting the person clears it.
    personId: field.reference(() => personResource, { min: 26, pattern: ULID, description: 'The Person of this case the signer is, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }),
    email: field.email({ description: 'E-mail address.', example: 'grace.okafor@example.com' }),
    phone: field.string({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' }),
    addedDate: field.date({ description: 'When they were added to the account.', example: '2019-04-02' }),
    notes: field.text({ description: 'Free notes.', example: 'Signature card on file at the branch.' }),
  },
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  rules: onePrimaryHolder,
  tag: 'bank-accounts',
});

export type Signer = ResourceRecord<typeof signerResource>;
