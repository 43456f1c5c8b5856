import { caseResource, ErrorDetail, JsonObject, WriteContext } from '@estate/shared-kernel';
import { personResource } from '@estate/case';
import { Signer } from '../domain/signer';
import { CreateSignerBody, PatchSignerBody, SignerView } from '../http/dto/signer.dto';
import { SignerSchema } from '../infrastructure/persistence/signer.schema';
import { bankAccountResource } from './bank-account.resource';

/**
 * At most one `primary_holder` per account (contract §11.3), on a create and on the merged result of a patch (which
 * leaves its own record out of the count). Race-safe because every write of a case holds the case row first: two
 * concurrent creates of a primary holder on one account run one after the other, and the second sees the first.
 */
async function onePrimaryHolder(document: JsonObject, { em, scope, id }: WriteContext): Promise<ErrorDetail[]> {
  if (document.role !== 'primary_holder') return [];
  const holders = await em.find(
    SignerSchema,
    { caseId: scope.caseId, bankAccountId: scope.bankAccountId, role: 'primary_holder', ...(id ? { id: { $ne: id } } : {}) },
    { fields: ['id'], limit: 1 },
  );
  return holders.map((holder) => ({ field: 'role', message: `the account already has a primary_holder (signer ${holder.id}); an account has at most one`, reason: 'conflict' }));
}

/** Signers of a bank account (contract §11.3): a plain record below its account. Events `signer.created|updated|deleted`. */
export const signerResource = caseResource<Signer>({
  name: 'signer',
  path: 'bank-accounts/:account_id/signers',
  idParam: 'signer_id',
  schema: SignerSchema,
  create: CreateSignerBody,
  patch: PatchSignerBody,
  view: SignerView,
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  // Contract §10.0: a `person_id` names a Person of the same case, or is null (422); deleting the person clears it.
  references: { person_id: () => personResource },
  rules: onePrimaryHolder,
  tag: 'bank-accounts',
});
