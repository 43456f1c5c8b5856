import { probateCaseResource } from '@estate/probate';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { UNSET } from '../support/resource-contract';

describeDeclaredContracts('probate', {
  except: [
    // Its create needs a living beneficiary of the case and, for cash, an estate account holding the money: no example gives them.
    'distribution',
    // Its create closes an account of the case (named by account_type and account_id) and makes five closure steps: no example names one.
    'closure request',
  ],
  beyond: {
    // The plan sets a step not_started when the body leaves the status out (or clears it), and reads each status from the
    // written one: the filter's rows are written with each writable status through their bodies, not set in SQL.
    'closure step': { defaults: { status: 'not_started' }, ruled: ['status'], samples: { status: ['not_started', 'in_progress', 'waiting', 'completed', 'skipped'] } },
    // The aggregate files a claim pending when the body leaves status out; the column has no default.
    'creditor claim': { defaults: { status: 'pending' } },
    // Each status past draft needs documents of the case, which the examples cannot name.
    filing: { defaults: { status: 'draft' }, ruled: ['status', 'document_ids'], needs: [probateCaseResource] },
    // A completion date completes a deadline and clearing it reopens one (#14); the filter matches the status as read,
    // so the rows get theirs from the body. Overdue (open, past its due date) is the deadline's own rule, in its suite.
    'probate deadline': {
      defaults: { status: 'upcoming' },
      ruled: ['status', 'completed_date'],
      samples: { status: ['upcoming', 'completed', 'waived', UNSET] },
    },
    search: { defaults: { status: 'pending' } },
    // Each claim status past discovered needs its facts; the documents must exist in the case.
    'unclaimed property': { defaults: { claim_status: 'discovered' }, ruled: ['claim_status', 'document_ids'] },
  },
});
