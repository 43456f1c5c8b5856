import { maskSensitive } from '@estate/shared-kernel/domain';
import type { LiabilityLine, PropertyLine } from './accounting-lines';
import { centsOr0 } from '@estate/assets';
import type { AccountingCreditorClaim, AccountingDebt } from './accounting-records';
import type { EstateAsset } from './estate-property';
import { propertyKey } from './property-refs';

/**
 * Contract-extensions §16.5, liabilities (memo): what the estate owes as recorded when computed, never deducted (§16.3,
 * difference 3). Claims `pending` (at `claim_amount`) and `accepted` (at `resolution_amount`, else `claim_amount`) —
 * §12.7's reserve; debts not `PAID` or `CLOSED`, at `balance`; encumbrances of the property on hand at the end. A debt
 * also recorded as a claim or a mortgage appears twice, as in the inventory.
 */
export const OPEN_CLAIM_STATUSES = ['pending', 'accepted'] as const;
export const SETTLED_DEBT_CONDITIONS = ['PAID', 'CLOSED'] as const;

const masked = (value: string | null): string | null => (value ? maskSensitive(value) : null);
const byDate = <T extends { createdAt: Date; id: string }>(date: (record: T) => string) => (a: T, b: T) =>
  date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function liabilityLines(
  claims: readonly AccountingCreditorClaim[],
  debts: readonly AccountingDebt[],
  propertyOnHandEnd: readonly PropertyLine[],
  assets: readonly EstateAsset[],
): LiabilityLine[] {
  const claimLines = claims
    .filter((claim) => (OPEN_CLAIM_STATUSES as readonly string[]).includes(claim.status))
    .sort(byDate((claim) => claim.claimDate))
    .map((claim): LiabilityLine => ({
      kind: 'claim',
      id: claim.id,
      description: `${claim.creditorName} (claim ${claim.status})`,
      reference: masked(claim.accountNumber),
      amount: claim.status === 'accepted' && claim.resolutionAmount !== null ? centsOr0(claim.resolutionAmount) : centsOr0(claim.claimAmount),
    }));
  const debtLines = debts
    .filter((debt) => !(SETTLED_DEBT_CONDITIONS as readonly (string | null)[]).includes(debt.condition))
    .sort(byDate(() => ''))
    .map((debt): LiabilityLine => ({ kind: 'debt', id: debt.id, description: `${debt.creditorName} (${debt.debtType})`, reference: masked(debt.accountNumber), amount: centsOr0(debt.balance) }));
  const encumbered = new Map(assets.filter((asset) => asset.encumbrance !== null && asset.encumbrance !== 0n).map((asset) => [propertyKey(asset), asset.encumbrance ?? 0n]));
  const encumbranceLines = propertyOnHandEnd.flatMap((line): LiabilityLine[] => {
    const amount = encumbered.get(propertyKey(line));
    return amount === undefined ? [] : [{ kind: 'encumbrance', id: line.id, description: `Encumbrances of ${line.description}`, reference: line.reference, amount }];
  });
  return [...claimLines, ...debtLines, ...encumbranceLines];
}
