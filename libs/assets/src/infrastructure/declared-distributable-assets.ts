import { Injectable } from '@nestjs/common';
import { CaseResourceReader, JsonObject, NotFoundError, RecordWriter } from '@estate/shared-kernel';
import { DistributableAsset, DistributableAssetKind, DistributableAssets } from '../application/ports/distributable-assets.port';
import { ASSET_CATALOGUE, type DistributionRules } from '../domain/asset-kinds';
import { assetKindDeclaration } from '../resources/asset-kind-declarations';

type View = Record<string, any>;

/** The catalogue's distribution rules of a kind; none for a kind a distribution cannot give, or no kind at all. */
function rulesOf(kind: string): DistributionRules | null {
  return Object.hasOwn(ASSET_CATALOGUE, kind) ? ASSET_CATALOGUE[kind as DistributableAssetKind].distribution : null;
}

/**
 * The DistributableAssets port on the assets' declarations and the catalogue's distribution rules: reads through the
 * reader, gifts through the writer.
 */
@Injectable()
export class DeclaredDistributableAssets extends DistributableAssets {
  constructor(
    private readonly reader: CaseResourceReader,
    private readonly writer: RecordWriter,
  ) {
    super();
  }

  async find(caseId: string, kind: DistributableAssetKind, id: string): Promise<DistributableAsset | null> {
    const rules = rulesOf(kind);
    const view = rules && (await this.viewOf(kind, caseId, id));
    if (!rules || !view) return null;
    return { id, kind, description: rules.describe(view), unavailableBecause: rules.unavailableBecause(view) };
  }

  async giveTo(caseId: string, kind: DistributableAssetKind, id: string, recipientName: string): Promise<void> {
    const rules = rulesOf(kind);
    const view = rules && (await this.viewOf(kind, caseId, id));
    if (!rules || !view) throw new NotFoundError(kind.replace(/_/g, ' '));
    const gift = rules.gift(view, recipientName);
    if (gift) await this.writer.patch(assetKindDeclaration(kind), { caseId }, id, gift as JsonObject, undefined);
  }

  private async viewOf(kind: DistributableAssetKind, caseId: string, id: string): Promise<View | null> {
    try {
      return (await this.reader.get(assetKindDeclaration(kind), { caseId }, id)).data as View;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}
