import { type AccountedAsset, accountedAssetsOf, ASSET_KINDS, type AssetKind } from '@estate/assets';
import type { AccountingRecords, AccountingTransaction } from './accounting-records';
import { kindRank, propertyKey } from './property-refs';

/**
 * Every record of the case that is not cash, as the account sees it: its §16.3 ruling, its §16.5 disposal and its
 * encumbrances (for the liabilities memo), as the catalogue of asset kinds rules each kind. Bank accounts are cash and
 * are followed through their ledgers instead.
 */
export type EstateAsset = AccountedAsset;

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
  const named = (kind: AssetKind, id: string) => proceeds.get(propertyKey({ kind, id })) ?? [];
  return ASSET_KINDS.flatMap((kind) => accountedAssetsOf(kind, records, named)).sort(byCreation);
}
