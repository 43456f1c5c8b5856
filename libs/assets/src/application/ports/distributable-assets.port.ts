import type { DistributableAssetKind } from '../../domain/asset-kinds';

/** The kinds a distribution in kind may give: those the catalogue of asset kinds gives distribution rules. */
export type { DistributableAssetKind };

/** An asset of the case as a distribution reads it. */
export interface DistributableAsset {
  id: string;
  kind: DistributableAssetKind;
  /** Words for people: the address, `2019 Toyota Camry`, `Fidelity brokerage ending 4321`. */
  description: string;
  /** Why it can no longer be given (`the property is sold`), or null. */
  unavailableBecause: string | null;
}

/**
 * Port: the assets a distribution in kind gives, read and moved in the caller's transaction. Giving records the transfer
 * on the asset itself, through the asset's own write path, so its event (`{key}.updated`) is told as for any change.
 */
export abstract class DistributableAssets {
  /** The asset, or null when the case has no record of that kind with that id. */
  abstract find(caseId: string, kind: DistributableAssetKind, id: string): Promise<DistributableAsset | null>;

  /** Records that the asset now belongs to `recipientName` (§12.7: a property `transferred_to_heir`, a vehicle `transfer_to_heir`…). */
  abstract giveTo(caseId: string, kind: DistributableAssetKind, id: string, recipientName: string): Promise<void>;
}
