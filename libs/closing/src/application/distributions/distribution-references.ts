import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BankAccounts, DistributableAssets, type DistributableAssetKind } from '@estate/assets';
import { CasePersons } from '@estate/case';
import { ErrorDetail, InjectResource, referenceProblems, toCamelCase, ValidationFailedError, writableDocument, writableFieldsOf, type CaseResource } from '@estate/shared-kernel';
import { Distribution, DistributionFields, kindProblems } from '../../domain/distribution';
import type { DistributionAssetType, DistributionKind } from '../../domain/distribution-vocabulary';
import { UNRECORDED_ASSET_TYPES } from '../../domain/distribution-vocabulary';

/** What a checked document adds: the recipient's name to copy, and the asset's own words when none were given. */
export interface CheckedDistribution {
  recipientName: string;
  assetDescription: string | null;
}

/** The fields of a distribution's JSON document (a create body, or a merge patch's result) that name records. */
export interface DistributionReferencesDocument {
  person_id: string;
  kind: DistributionKind;
  source_account_id?: string | null;
  asset_type?: DistributionAssetType | null;
  asset_id?: string | null;
  [field: string]: unknown;
}

/**
 * What a distribution names outside itself (contract-extensions §12.7, §10.0): a living beneficiary of the case, an
 * open estate account of the case as a cash source, an asset of the stated kind in the case, a receipt document of the
 * case. Every problem at once, with the kind's own (`kindProblems`), as `422`. A revision re-checks only the references
 * it changes, so that a note can still be written after the person's record changed.
 */
@Injectable()
export class DistributionReferences {
  constructor(
    @InjectResource('distribution') private readonly distributions: CaseResource<Distribution>,
    private readonly persons: CasePersons,
    private readonly accounts: BankAccounts,
    private readonly assets: DistributableAssets,
  ) {}

  async check(em: EntityManager, caseId: string, document: DistributionReferencesDocument, previous?: Distribution): Promise<CheckedDistribution> {
    const problems: ErrorDetail[] = kindProblems(writableFieldsOf<DistributionFields>(this.distributions, document));
    const stored = previous && writableDocument(previous, this.distributions.createFields, toCamelCase);
    const changed = (field: string) => !stored || (stored[field] ?? null) !== (document[field] ?? null);
    let recipientName = previous?.recipientName ?? '';
    if (changed('person_id')) {
      // An id naming no person of the case is the declared reference's problem (below), told once.
      const person = await this.persons.personOf(caseId, document.person_id);
      const problem = !person
        ? null
        : !person.isBeneficiary
          ? 'person_id must name a beneficiary (a person with is_beneficiary true)'
          : person.isDeceased
            ? 'person_id must name a living person (is_deceased false)'
            : null;
      if (problem) problems.push({ field: 'person_id', message: problem, reason: 'rule' });
      else if (person) recipientName = person.fullName;
    }
    if (document.kind === 'cash' && document.source_account_id && changed('source_account_id')) {
      const account = await this.accounts.ofCase(caseId, document.source_account_id);
      if (account && (!account.isEstateAccount || account.status !== 'open')) {
        problems.push({ field: 'source_account_id', message: 'source_account_id must name an open estate account of this case (is_estate_account true, status open)', reason: 'rule' });
      }
    }
    let assetDescription: string | null = null;
    const recorded = document.kind === 'in_kind' && document.asset_type && !UNRECORDED_ASSET_TYPES.includes(document.asset_type) && document.asset_id;
    if (recorded && (changed('asset_id') || changed('asset_type'))) {
      const asset = await this.assets.find(caseId, document.asset_type as DistributableAssetKind, document.asset_id!);
      if (!asset) problems.push({ field: 'asset_id', message: `asset_id must name a ${document.asset_type} of this case`, reason: 'rule' });
      else assetDescription = asset.description;
    }
    problems.push(...(await referenceProblems(this.distributions.references, document as never, em, caseId)));
    if (problems.length > 0) throw new ValidationFailedError(problems);
    return { recipientName, assetDescription };
  }
}
