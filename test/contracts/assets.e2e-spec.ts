import { describeDeclaredContracts } from '../support/declared-contracts';

describeDeclaredContracts('assets', {
  beyond: {
    // Unset, the deceased's share is what the co-owners leave (100 with none): a derived value a null cannot clear.
    'real estate property': { defaults: { ownership_percentage: 100 }, ruled: ['ownership_percentage'] },
    // A category follows the amount's sign (a debit's default is other_disbursement), and a related record must exist in the case.
    transaction: { defaults: { accounting_category: 'other_disbursement' }, ruled: ['accounting_category', 'related_type', 'related_id'] },
  },
});
