import { Cents, centsToNumber, centsToText, maskSensitive, sumCents } from '@estate/shared-kernel/domain';
import { ASSET_KINDS, type AssetKind, inventoryLinesOf, type InventoryRecordSets } from './asset-kinds';
import type { DebtFacts } from './debt';
import { firstValue, type InventoryDate, type ValueSource } from './inventory-lines';
import type { PassesBy } from './passage';

/**
 * The estate inventory (issue 8, beyond the specification): what a personal representative files with the court as
 * the inventory and appraisal, computed from the case's records. A pure function: records in, inventory out; money
 * summed in integer cents (never floating point).
 */

/** What the inventory lists: the assets of the catalogue (asset-kinds.ts), in its order, and the debts. */
export type ItemKind = AssetKind | 'debt';

export const ESTATE_VALUE_BRACKETS = ['unknown', 'under_25k', '25k_to_100k', '100k_to_500k', '500k_to_1m', 'over_1m'] as const;
export type EstateValueBracket = (typeof ESTATE_VALUE_BRACKETS)[number];

export interface InventoryItem {
  kind: ItemKind;
  id: string;
  description: string;
  /** A masked account, policy or vehicle number, or the parcel number; `null` when none. */
  reference: string | null;
  /** The value used, in cents; an item without any value counts 0 and says `none`. */
  value: Cents;
  valueSource: ValueSource;
  passesBy: PassesBy | null;
}

/**
 * What an inventory is computed from: the date it is taken at (bank accounts are valued by their transactions up to and
 * including it), the case's own `estate_value`, its records of every kind of the catalogue (unclaimed property: the
 * claims paid, contract-extensions §12.5, only then is it the estate's) and its debts.
 */
export type InventoryInput = InventoryDate &
  InventoryRecordSets & {
    /** The case's own `estate_value`. */
    recordedEstateValue: string | null;
    debts: ReadonlyArray<Pick<DebtFacts, 'id' | 'creditorName' | 'debtType' | 'accountNumber' | 'balance' | 'createdAt'>>;
  };

export interface InventoryGroup {
  kind: AssetKind;
  items: InventoryItem[];
  subtotal: Cents;
}

export interface EstateInventory {
  asOf: string | null;
  /** Probate assets grouped by kind, in the order of `ASSET_KINDS`; kinds without items are left out. */
  probateAssets: InventoryGroup[];
  /** The assets that pass outside probate, listed apart, each with why. */
  nonProbateAssets: { items: InventoryItem[]; subtotal: Cents };
  liabilities: { items: InventoryItem[]; subtotal: Cents };
  totals: { grossProbateAssets: Cents; nonProbateAssets: Cents; liabilities: Cents; netEstate: Cents };
  estateValue: { recorded: string | null; implied: EstateValueBracket; basis: 'gross_probate_assets'; matches: boolean | null };
}

const masked = (value: string | null | undefined): string | null => (value ? maskSensitive(value) : null);

function debtItem(debt: InventoryInput['debts'][number]): InventoryItem {
  return {
    kind: 'debt',
    id: debt.id,
    description: `${debt.creditorName} (${debt.debtType})`,
    reference: masked(debt.accountNumber),
    ...firstValue([debt.balance, 'balance']),
    passesBy: null,
  };
}

const THRESHOLDS: ReadonlyArray<[Cents, EstateValueBracket]> = [
  [2_500_000n, 'under_25k'],
  [10_000_000n, '25k_to_100k'],
  [50_000_000n, '100k_to_500k'],
];

/**
 * The case's `estate_value` bracket a value implies: below 25,000 `under_25k`, below 100,000 `25k_to_100k`, below
 * 500,000 `100k_to_500k`, up to and including 1,000,000 `500k_to_1m`, above `over_1m`.
 */
export function estateValueBracket(cents: Cents): EstateValueBracket {
  for (const [limit, bracket] of THRESHOLDS) if (cents < limit) return bracket;
  return cents <= 100_000_000n ? '500k_to_1m' : 'over_1m';
}

const byCreation = <T extends { createdAt: Date; id: string }>(records: readonly T[]): T[] =>
  [...records].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function buildEstateInventory(input: InventoryInput): EstateInventory {
  const assets: InventoryItem[] = ASSET_KINDS.flatMap((kind) => inventoryLinesOf(kind, input, input, byCreation));
  const probate = assets.filter((item) => item.passesBy === null);
  const nonProbate = assets.filter((item) => item.passesBy !== null);
  const debts = byCreation(input.debts).map(debtItem);
  const total = (items: readonly InventoryItem[]) => sumCents(items.map((item) => item.value));

  const probateAssets = ASSET_KINDS.map((kind) => {
    const items = probate.filter((item) => item.kind === kind);
    return { kind, items, subtotal: total(items) };
  }).filter((group) => group.items.length > 0);
  const grossProbateAssets = total(probate);
  const liabilities = total(debts);
  const implied: EstateValueBracket = assets.length === 0 && debts.length === 0 ? 'unknown' : estateValueBracket(grossProbateAssets);
  const recorded = input.recordedEstateValue;
  return {
    asOf: input.asOf,
    probateAssets,
    nonProbateAssets: { items: nonProbate, subtotal: total(nonProbate) },
    liabilities: { items: debts, subtotal: liabilities },
    totals: { grossProbateAssets, nonProbateAssets: total(nonProbate), liabilities, netEstate: grossProbateAssets - liabilities },
    estateValue: { recorded, implied, basis: 'gross_probate_assets', matches: recorded === null || recorded === 'unknown' ? null : recorded === implied },
  };
}

/** The inventory as JSON: money as numbers with at most 2 decimals, converted from exact cents once, at the edge. */
export function inventoryJson(inventory: EstateInventory): Record<string, unknown> {
  const item = (entry: InventoryItem) => ({
    kind: entry.kind,
    id: entry.id,
    description: entry.description,
    reference: entry.reference,
    value: centsToNumber(entry.value),
    value_source: entry.valueSource,
    passes_by: entry.passesBy,
  });
  return {
    as_of: inventory.asOf,
    currency: 'USD',
    probate_assets: inventory.probateAssets.map((group) => ({ kind: group.kind, items: group.items.map(item), subtotal: centsToNumber(group.subtotal) })),
    non_probate_assets: { items: inventory.nonProbateAssets.items.map(item), subtotal: centsToNumber(inventory.nonProbateAssets.subtotal) },
    liabilities: { items: inventory.liabilities.items.map(item), subtotal: centsToNumber(inventory.liabilities.subtotal) },
    totals: {
      gross_probate_assets: centsToNumber(inventory.totals.grossProbateAssets),
      non_probate_assets: centsToNumber(inventory.totals.nonProbateAssets),
      liabilities: centsToNumber(inventory.totals.liabilities),
      net_estate: centsToNumber(inventory.totals.netEstate),
    },
    estate_value: inventory.estateValue,
  };
}

export const INVENTORY_CSV_HEADER = ['section', 'kind', 'id', 'description', 'reference', 'value', 'value_source', 'passes_by'] as const;

/**
 * The inventory as CSV lines (after the header): one line per item — probate assets by kind, then the non-probate
 * assets, then the liabilities — and one per total. Money as exact 2-decimal text.
 */
export function inventoryCsvRows(inventory: EstateInventory): string[][] {
  const line = (section: string, entry: InventoryItem) => [
    section,
    entry.kind,
    entry.id,
    entry.description,
    entry.reference ?? '',
    centsToText(entry.value),
    entry.valueSource,
    entry.passesBy ?? '',
  ];
  const totalLine = (name: string, cents: Cents) => ['total', '', '', name, '', centsToText(cents), '', ''];
  return [
    ...inventory.probateAssets.flatMap((group) => group.items.map((entry) => line('probate_asset', entry))),
    ...inventory.nonProbateAssets.items.map((entry) => line('non_probate_asset', entry)),
    ...inventory.liabilities.items.map((entry) => line('liability', entry)),
    totalLine('gross_probate_assets', inventory.totals.grossProbateAssets),
    totalLine('non_probate_assets', inventory.totals.nonProbateAssets),
    totalLine('liabilities', inventory.totals.liabilities),
    totalLine('net_estate', inventory.totals.netEstate),
  ];
}
