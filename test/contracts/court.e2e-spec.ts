import { probateCaseResource } from '@estate/court';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { UNSET } from '../support/resource-contract';

describeDeclaredContracts('court', {
  beyond: {
    // The aggregate files a claim pending when the body leaves status out; the column has no default.
    'creditor claim': { defaults: { status: 'pending' } },
    // Each status past draft needs documents of the case, which the examples cannot name; accounting_id names a settled
    // accounting of the case (and only on an accounting filing), which the contract's case has none of.
    filing: { defaults: { status: 'draft' }, ruled: ['status', 'document_ids', 'accounting_id'], needs: [probateCaseResource] },
    // A completion date completes a deadline and clearing it reopens one (#14); the filter matches the status as read,
    // so the rows get theirs from the body. Overdue (open, past its due date) is the deadline's own rule, in its suite.
    'probate deadline': {
      defaults: { status: 'upcoming' },
      ruled: ['status', 'completed_date'],
      samples: { status: ['upcoming', 'completed', 'waived', UNSET] },
    },
    // A probate case starts not_filed and a replacing PUT obeys the status moves (filed → not_filed is none): no body
    // sets the status. will_admitted reads false when unset.
    probate_case: {
      ruled: ['status'],
      derived: (body) => ({ status: 'not_filed', will_admitted: body.will_admitted ?? false }),
    },
    // mailing_address is required unless ein is sent: every body sends it. The server computes the entity type and the
    // status, dates an EIN assigned today when no assigned_date is sent, and reads the closing month and the reason as
    // 12 and banking_purpose when unset (the defaults from the deceased, the executor and the probate case stay null:
    // the contract's case has none).
    ein: {
      sent: ['mailing_address'],
      derived: (body) => ({
        entity_type: 'estate',
        status: body.ein ? 'assigned' : 'requested',
        assigned_date: body.assigned_date ?? (body.ein ? new Date().toISOString().slice(0, 10) : null),
        reason_for_applying: body.reason_for_applying ?? 'banking_purpose',
        closing_month: body.closing_month ?? 12,
      }),
    },
  },
});
