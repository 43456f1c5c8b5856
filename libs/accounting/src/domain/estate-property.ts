import { type Cents, sumCents } from '@estate/shared-kernel/domain';
import { centsOr0 } from '@estate/assets/ports';
import type { AccountingRecords, AccountingTransaction, CalendarDate, Encumbrance, Money } from './accounting-records';
import {
  ACCOUNT_DISPOSED_STATUS,
  type Disposal,
  businessDisposal,
  claimPaidDisposal,
  proceedsDisposal,
  realEstatePropertyDisposal,
  vehicleDisposal,
} from './disposals';
import {
  type PropertyKind,
  type PropertyRuling,
  businessRuling,
  chosenParcelValuation,
  financialAccountRuling,
  investmentAccountRuling,
  kindRank,
  lifeInsurancePolicyRuling,
  propertyKey,
  realEstateParcelRuling,
  realEstatePropertyRuling,
  retirementAccountRuling,
  unclaimedPropertyRuling,
  valuationParcels,
  vehicleRuling,
} from './probate-property';

/**
 * Every record of the case that is not cash, as the account sees it: its §16.3 ruling, its §16.5 disposal and its
 * encumbrances (for the liabilities memo). Bank accounts are cash and are followed through their ledgers instead.
 */
export interface EstateAsset {
  kind: Exclude<PropertyKind, 'bank_account'>;
  id: string;
  createdAt: Date;
  ruling: PropertyRuling;
  disposal: Disposal | null;
  /** `outstanding_mortgage` + Σ `liens[].amount`, or `lien_payoff_amount`; `null` when none is recorded. */
  encumbrance: Cents | null;
  /** Unclaimed property is received when paid (`claim_paid_date`); `null` for every other kind. */
  receivedOn: CalendarDate | null;
}

/** The sum of the terms that are set, or `null` when none is (a record without any encumbrance recorded). */
function encumbranceOf(terms: ReadonlyArray<Money | null | undefined>): Cents | null {
  const set = terms.filter((term): term is Money => term !== null && term !== undefined);
  return set.length === 0 ? null : sumCents(set.map(centsOr0));
}
const liensOf = (liens: readonly Encumbrance[]): Array<Money | null | undefined> => liens.map((lien) => lien.amount);

/** The `asset_proceeds` transactions of the case by the asset they name (`kind:id`). */
function proceedsByAsset(transactions: readonly AccountingTransaction[]): Map<string, AccountingTransaction[]> {
  const byAsset = new Map<string, AccountingTransaction[]>();
  for (const transaction of transactions) {
    if (transaction.accountingCategory !== 'asset_proceeds' || transaction.relatedType === null || transaction.relatedId === null) continue;
    const key = `${transaction.relatedType}:${transaction.relatedId}`;
    const named = byAsset.get(key);
    if (named) named.push(transaction);
    else byAsset.set(key, [transaction]);
  }
  return byAsset;
}

const byCreation = (a: EstateAsset, b: EstateAsset): number =>
  kindRank(a.kind) - kindRank(b.kind) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The case's non-cash records, in §16.3's kind order, then creation, then id. */
export function estateAssets(records: AccountingRecords): EstateAsset[] {
  const proceeds = proceedsByAsset(records.transactions);
  const named = (kind: PropertyKind, id: string) => proceeds.get(propertyKey({ kind, id })) ?? [];
  const asset = (kind: EstateAsset['kind'], record: { id: string; createdAt: Date }, ruling: PropertyRuling, disposal: Disposal | null, encumbrance: Cents | null = null): EstateAsset => ({
    kind,
    id: record.id,
    createdAt: record.createdAt,
    ruling,
    disposal,
    encumbrance,
    receivedOn: null,
  });
  const assets: EstateAsset[] = [
    ...records.investmentAccounts.map((account) =>
      asset('investment_account', account, investmentAccountRuling(account), proceedsDisposal(account.transferStatus === ACCOUNT_DISPOSED_STATUS.investment_account, named('investment_account', account.id))),
    ),
    ...records.retirementAccounts.map((account) =>
      asset('retirement_account', account, retirementAccountRuling(account), proceedsDisposal(account.distributionStatus === ACCOUNT_DISPOSED_STATUS.retirement_account, named('retirement_account', account.id))),
    ),
    ...records.lifeInsurancePolicies.map((policy) => asset('life_insurance_policy', policy, lifeInsurancePolicyRuling(policy), claimPaidDisposal(policy))),
    ...records.realEstateProperties.map((property) =>
      asset(
        'real_estate_property',
        property,
        realEstatePropertyRuling(property, records.valuations.filter((valuation) => valuation.propertyId === property.id)),
        realEstatePropertyDisposal(property),
        encumbranceOf([property.outstandingMortgage, ...liensOf(property.liens)]),
      ),
    ),
    ...valuationParcels(records.valuations).map((parcel) => {
      // The chosen valuation's mortgage and liens: the parcel is carried at that valuation's gross value.
      const chosen = chosenParcelValuation(parcel);
      return asset('real_estate', parcel[0], realEstateParcelRuling(parcel), null, chosen && encumbranceOf([chosen.mortgageBalance, ...liensOf(chosen.liens)]));
    }),
    ...records.vehicles.map((vehicle) => asset('vehicle', vehicle, vehicleRuling(vehicle), vehicleDisposal(vehicle), encumbranceOf([vehicle.lienPayoffAmount]))),
    ...records.financialAccounts.map((account) =>
      asset('financial_account', account, financialAccountRuling(account), proceedsDisposal(account.status === ACCOUNT_DISPOSED_STATUS.financial_account, named('financial_account', account.id))),
    ),
    ...records.businesses.map((business) => asset('business', business, businessRuling(business), businessDisposal(business))),
    ...records.unclaimedProperty.map((property) => ({
      ...asset('unclaimed_property', property, unclaimedPropertyRuling(property), claimPaidDisposal(property)),
      receivedOn: property.claimStatus === 'paid' ? property.claimPaidDate : null,
    })),
  ];
  return assets.sort(byCreation);
}
