import { describeDeclaredContracts } from '../support/declared-contracts';

describeDeclaredContracts('discovery', {
  beyond: {
    search: { defaults: { status: 'pending' } },
    // Each claim status past discovered needs its facts; the documents must exist in the case.
    'unclaimed property': { defaults: { claim_status: 'discovered' }, ruled: ['claim_status', 'document_ids'] },
  },
});
