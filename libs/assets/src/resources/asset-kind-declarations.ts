import { type CaseResource, declaredCaseResources } from '@estate/shared-kernel';
import { ASSET_CATALOGUE, type AssetKind } from '../domain/asset-kinds';

/**
 * The declaration of a kind's records, as the catalogue of asset kinds names it. Found among the declared resources by
 * its name, as the kernel resolves references across contexts: unclaimed property is declared by another context,
 * which this one cannot import.
 */
export function assetKindDeclaration(kind: AssetKind): CaseResource<any> {
  const { declaration } = ASSET_CATALOGUE[kind];
  const found = declaredCaseResources().find((resource) => resource.name === declaration);
  if (!found) throw new Error(`no resource named "${declaration}" declares the ${kind} records`);
  return found;
}
