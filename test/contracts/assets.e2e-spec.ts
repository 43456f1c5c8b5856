import { describeDeclaredContracts } from '../support/declared-contracts';

describeDeclaredContracts('assets', {
  except: [
    // The address is an object the declaration gives no example of: their own suites run the contract with one.
    'real estate property',
    'real estate valuation',
  ],
  beyond: {
    // A category follows the amount's sign (a debit's default is other_disbursement), and a related record must exist in the case.
    transaction: { defaults: { accounting_category: 'other_disbursement' }, ruled: ['accounting_category', 'related_type', 'related_id'] },
  },
});
