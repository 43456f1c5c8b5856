import type { BankAccountSnapshot, IneligibilityExplanation } from '@estate/assets';
import { MAX_INSTANT_TRANSFER_AMOUNT } from '@estate/assets';
import type { ErrorDetail } from '@estate/shared-kernel';

const money = (amount: number) => amount.toFixed(2);

/**
 * One `transfer_not_allowed` detail per eligibility rule the source fails, each naming the rule and the value that
 * failed it, so that a client can tell an account that passes outside the estate (`joint_tenants_wros`) from one
 * waiting for letters of authority. The stored summary said `ineligible`; when the policy, asked again, finds no
 * reason (a summary not yet re-evaluated), the detail says only that.
 */
export function ineligibilityDetails(source: BankAccountSnapshot, explanation: IneligibilityExplanation): ErrorDetail[] {
  const because = (why: string): ErrorDetail => ({ field: 'bank_account_id', message: `the source account is not eligible for instant transfer: ${why}`, reason: 'rule' });
  const details = explanation.reasons.map((reason) => {
    switch (reason) {
      case 'not_held_by_deceased_alone':
        return because(
          source.ownershipType !== 'individual'
            ? `its ownership_type is ${source.ownershipType}; only accounts the deceased held alone (individual) pass through the estate`
            : `its account_type is ${source.accountType}; joint and trust accounts pass outside the estate`,
        );
      case 'not_open':
        return because(`its status is ${source.status}; only open accounts are`);
      case 'estate_account':
        return because('it is an estate account, the destination of transfers');
      case 'no_available_balance':
        return because(`its available_balance is ${source.availableBalance === null ? 'not set' : money(source.availableBalance)}; it must be positive`);
      case 'insufficient_authority':
        return because(`the case's authority level is ${explanation.authorityLevel ?? 'not set'}; instant transfers need level_2 or higher`);
    }
  });
  return details.length > 0 ? details : [because(`its instant_transfer.eligibility is ${source.instantTransfer.eligibility}`)];
}

/** The amount over what the source may still move: the figures the limit is made of. */
export function overLimitDetail(amount: number, source: BankAccountSnapshot, inFlight: number, remaining: number): ErrorDetail {
  const max = source.instantTransfer.max_transfer_amount;
  const over = `amount ${money(amount)} exceeds the remaining max_transfer_amount (${money(Math.max(remaining, 0))})`;
  if (source.instantTransfer.eligibility !== 'eligible') return { field: 'amount', message: `${over}: an ineligible account's max_transfer_amount is 0.00`, reason: 'rule' };
  const parts = [`max_transfer_amount ${money(max)}`];
  if (inFlight > 0) parts.push(`less ${money(inFlight)} in transfers not yet settled`);
  return {
    field: 'amount',
    message:
      `${over}: ${parts.join(' ')}; ` +
      `max_transfer_amount is the lesser of available_balance (${source.availableBalance === null ? 'not set' : money(source.availableBalance)}) ` +
      `and ${money(MAX_INSTANT_TRANSFER_AMOUNT)} less what was already transferred (${money(source.instantTransfer.transferred_amount)})`,
    reason: 'rule',
  };
}
