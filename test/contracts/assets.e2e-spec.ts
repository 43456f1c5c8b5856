import { describeDeclaredContracts } from '../support/declared-contracts';

describeDeclaredContracts('assets', {
  beyond: {
    // Per account and designation the shares of beneficiaries who have not disclaimed add up to at most 100 (their own
    // suite tests it): the contract adds many to one account, and a share of 0 never fills the 100.
    'bank account beneficiary': { repeatable: { percentage_share: 0 } },
    'financial account beneficiary': { repeatable: { percentage_share: 0 } },
    // Unset, the deceased's share is what the co-owners leave (100 with none): a derived value a null cannot clear.
    'real estate property': { defaults: { ownership_percentage: 100 }, ruled: ['ownership_percentage'] },
    // A category follows the amount's sign (a debit's default is other_disbursement), and a related record must exist in the case.
    transaction: { defaults: { accounting_category: 'other_disbursement' }, ruled: ['accounting_category', 'related_type', 'related_id'] },
  },
});
