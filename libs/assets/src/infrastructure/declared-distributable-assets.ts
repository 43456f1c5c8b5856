import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, JsonObject, NotFoundError, RecordWriter } from '@estate/shared-kernel';
import { DistributableAsset, DistributableAssetKind, DistributableAssets } from '../application/ports/distributable-assets.port';
import { businessResource } from '../resources/business.resource';
import { financialAccountResource } from '../resources/financial-account.resource';
import { investmentAccountResource } from '../resources/investment-account.resource';
import { realEstatePropertyResource } from '../resources/real-estate-property.resource';
import { vehicleResource } from '../resources/vehicle.resource';

type View = Record<string, any>;

/** What each kind of asset says of itself, whether it can still be given, and how a gift is recorded on it. */
interface AssetKindRules {
  resource: () => CaseResource<any>;
  describe: (view: View) => string;
  unavailableBecause: (view: View) => string | null;
  /** The merge patch recording the gift; null when the record has no field for it. */
  gift: (view: View, recipientName: string) => JsonObject | null;
}

const lastFour = (masked: unknown) => (typeof masked === 'string' && masked.length >= 4 ? ` ending ${masked.slice(-4)}` : '');
const words = (...parts: unknown[]) => parts.filter((part) => part !== null && part !== undefined && part !== '').join(' ');

const addressOf = (address: View | null | undefined) => (address ? `${address.address1}, ${address.city}, ${address.state} ${address.zip}` : '');

/** §12.7: a property must not be sold or foreclosed, a business not sold or dissolved; the other kinds are always on hand. */
const KINDS: Record<DistributableAssetKind, AssetKindRules> = {
  real_estate_property: {
    resource: () => realEstatePropertyResource,
    describe: (view) => addressOf(view.address),
    unavailableBecause: (view) => (view.status === 'sold' || view.status === 'foreclosed' ? `the property is ${view.status}` : null),
    gift: () => ({ status: 'transferred_to_heir' }),
  },
  business: {
    resource: () => businessResource,
    describe: (view) => `${view.ownership_percentage}% of ${view.business_name}`,
    unavailableBecause: (view) => (view.status === 'sold' || view.status === 'dissolved' ? `the business is ${view.status}` : null),
    gift: () => ({ status: 'transferred' }),
  },
  financial_account: {
    resource: () => financialAccountResource,
    describe: (view) => `${words(view.institution_name, view.account_kind)}${lastFour(view.account_number)}`,
    unavailableBecause: () => null,
    // §12.7 names no field of a financial account that records the gift.
    gift: () => null,
  },
  vehicle: {
    resource: () => vehicleResource,
    describe: (view) => words(view.year, view.make, view.model),
    unavailableBecause: () => null,
    gift: (view, recipientName) => ({ disposition: 'transfer_to_heir', disposition_details: { ...(view.disposition_details ?? {}), transferred_to: recipientName } }),
  },
  investment_account: {
    resource: () => investmentAccountResource,
    describe: (view) => `${words(view.custodian_name, view.account_type)}${lastFour(view.account_number)}`,
    unavailableBecause: () => null,
    gift: () => ({ transfer_status: 'transferred' }),
  },
};

/** The DistributableAssets port on the assets' declarations: reads through the reader, gifts through the writer. */
@Injectable()
export class DeclaredDistributableAssets extends DistributableAssets {
  constructor(
    private readonly reader: CaseResourceReader,
    private readonly writer: RecordWriter,
  ) {
    super();
  }

  async find(caseId: string, kind: DistributableAssetKind, id: string): Promise<DistributableAsset | null> {
    const rules = KINDS[kind];
    const view = rules && (await this.viewOf(rules, caseId, id));
    if (!rules || !view) return null;
    return { id, kind, description: rules.describe(view), unavailableBecause: rules.unavailableBecause(view) };
  }

  async giveTo(caseId: string, kind: DistributableAssetKind, id: string, recipientName: string): Promise<void> {
    const rules = KINDS[kind];
    const view = rules && (await this.viewOf(rules, caseId, id));
    if (!rules || !view) throw new NotFoundError(kind.replace(/_/g, ' '));
    const gift = rules.gift(view, recipientName);
    if (gift) await this.writer.patch(rules.resource(), { caseId }, id, gift, undefined);
  }

  private async viewOf(rules: AssetKindRules, caseId: string, id: string): Promise<View | null> {
    try {
      return (await this.reader.get(rules.resource(), { caseId }, id)).data as View;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}
