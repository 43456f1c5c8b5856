import { EntityManager } from '@mikro-orm/postgresql';
import { findRecords } from '@estate/shared-kernel';
import { KEPT_ASSET_KINDS, ASSET_CATALOGUE, type KeptRecordSets } from '../domain/asset-kinds';
import { assetKindDeclaration } from '../resources/asset-kind-declarations';

/**
 * A case's records of every kind of asset this context declares, as plain fields through the kernel's statements (no
 * entity), each kind under its `records` name. Sequential on purpose: one transaction runs one statement at a time.
 */
export async function keptAssetRecords(em: EntityManager, caseId: string): Promise<KeptRecordSets> {
  const sets: Record<string, unknown[]> = {};
  for (const kind of KEPT_ASSET_KINDS) sets[ASSET_CATALOGUE[kind].records] = await findRecords(em, assetKindDeclaration(kind).schema, [{ caseId }]);
  return sets as unknown as KeptRecordSets;
}
