import { type Cents, centsOf } from '@estate/shared-kernel/domain';
import { type AccountingInput, byDateCreationId } from './accounting-input';
import type { DisposalLine, DistributionLine, PropertyLine } from './accounting-lines';
import { CountedBefore, type CountedFlow, isPriorPeriod } from './accounting-period';
import type { AccountingDistribution, CalendarDate } from './accounting-records';
import type { EstateAsset } from './estate-property';
import { PROPERTY_KINDS, type PropertyKind, propertyKey } from './property-refs';

/**
 * Contract-extensions §16.5: what takes carried property out of the account during the period — a disposal (at its
 * proceeds, giving a gain or a loss against the carry value) or an in-kind distribution (at the carry value). Each is
 * counted once, when dated ≤ `to`; the earlier of the two wins when both name one asset.
 */
export interface CountedDisposal {
  line: DisposalLine;
  /** `kind:id` of the asset. */
  assetKey: string;
}

export interface PropertyRemovals {
  disposals: CountedDisposal[];
  inKind: DistributionLine[];
  /** `kind:id` of each asset taken out. */
  removed: Set<string>;
  flows: CountedFlow[];
}

interface Removal {
  date: CalendarDate;
  createdAt: Date;
  id: string;
  apply: () => void;
}

const isPropertyKind = (value: string | null): value is PropertyKind => (PROPERTY_KINDS as readonly (string | null)[]).includes(value);

function inKindLine(distribution: AccountingDistribution, paidDate: CalendarDate, carryValue: Cents, from: CalendarDate): DistributionLine {
  return {
    date: paidDate,
    kind: 'in_kind',
    id: distribution.id,
    transactionId: null,
    personId: distribution.personId,
    recipientName: distribution.recipientName,
    distributionType: distribution.distributionType,
    description: distribution.assetDescription ?? distribution.assetType ?? 'In-kind distribution',
    amount: carryValue,
    valueAtDistribution: centsOf(distribution.value ?? null),
    priorPeriod: isPriorPeriod(paidDate, from),
  };
}

/** Takes the disposals and in-kind distributions of the period out of `onHand` (carried non-cash property by `kind:id`). */
export function propertyRemovals(input: AccountingInput, onHand: ReadonlyMap<string, PropertyLine>, assets: readonly EstateAsset[]): PropertyRemovals {
  const counted = new CountedBefore(input.countedBefore);
  const result: PropertyRemovals = { disposals: [], inKind: [], removed: new Set(), flows: [] };
  const events: Removal[] = [];
  for (const asset of assets) {
    const key = propertyKey(asset);
    const carried = onHand.get(key);
    const disposal = asset.disposal;
    const flow: CountedFlow = { type: 'disposal', kind: asset.kind, id: asset.id };
    if (!carried || disposal === null || disposal.date > input.to || counted.hasFlow(flow)) continue;
    events.push({
      date: disposal.date,
      createdAt: asset.createdAt,
      id: asset.id,
      apply: () => {
        if (result.removed.has(key)) return;
        result.removed.add(key);
        result.flows.push(flow);
        const gain = disposal.proceeds - carried.carryValue;
        result.disposals.push({
          assetKey: key,
          line: {
            date: disposal.date,
            kind: asset.kind,
            id: asset.id,
            description: carried.description,
            proceeds: disposal.proceeds,
            carryValue: carried.carryValue,
            amount: gain >= 0n ? gain : -gain,
            priorPeriod: isPriorPeriod(disposal.date, input.from),
          },
        });
      },
    });
  }
  for (const distribution of input.records.distributions) {
    const flow: CountedFlow = { type: 'in_kind_distribution', kind: null, id: distribution.id };
    const paidDate = distribution.paidDate;
    if (distribution.kind !== 'in_kind' || distribution.status !== 'paid' || paidDate === null || paidDate > input.to || counted.hasFlow(flow)) continue;
    events.push({
      date: paidDate,
      createdAt: distribution.createdAt,
      id: distribution.id,
      apply: () => {
        // At the asset's carry value while it is on hand; 0.00 when it was never carried (e.g. personal property).
        const key = isPropertyKind(distribution.assetType) && distribution.assetId !== null ? propertyKey({ kind: distribution.assetType, id: distribution.assetId }) : null;
        const carried = key === null || result.removed.has(key) ? undefined : onHand.get(key);
        if (key !== null && carried) result.removed.add(key);
        result.flows.push(flow);
        result.inKind.push(inKindLine(distribution, paidDate, carried?.carryValue ?? 0n, input.from));
      },
    });
  }
  for (const event of events.sort(byDateCreationId)) event.apply();
  return result;
}
