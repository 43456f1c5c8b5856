import { caseResource, field } from '@estate/shared-kernel';
import { RequestTransfer } from '../application/request-transfer.service';
import { Transfer } from '../domain/transfer';
import { TRANSFER_STATUSES } from '../domain/transfer-status';
import { simulatedAchTestValues } from '../infrastructure/ach/simulated-ach-network';

/** How a moment the transfer reached is presented: `null` until it is reached. */
const laterMoment = (description: string) =>
  field.dateTime({ readOnly: true, description, example: null, view: { type: String, format: 'date-time', nullable: true, example: null } });

/**
 * Transfers (contract §8): an aggregate read through the kernel (`#28`, `#30`), created by its own use case (`#29`),
 * never deleted (405) and kept when the case is deleted. `bank_account_id` filters by the account's exact id
 * (repeatable).
 */
export const transferResource = caseResource({
  name: 'transfer',
  path: 'transfers',
  idParam: 'transfer_id',
  table: 'transfers',
  entity: Transfer,
  kind: 'aggregate',
  useCases: { create: () => RequestTransfer },
  caseIdShown: true,
  patchable: false,
  fields: {
    bankAccountId: field.string({
      required: true,
      max: 26,
      description: 'The source: a bank account of this case.',
      example: '01JD8X6Q6B7J5V3K2M1N0P9R8S',
      view: { description: 'Source account.', example: '01JF7Q4B6C8D0E2F4G6H8J0K2M' },
    }),
    // What the client asks to move; the transfer keeps it as amount_requested.
    amount: field.money({ required: true, min: 0.01, sentOnly: true, description: 'Amount to transfer, more than 0.', example: 12500.5 }),
    currency: field.enum(['USD'], {
      description: 'Currency; USD when unset.',
      example: 'USD',
      column: { length: 3, nullable: false },
      view: { description: 'Currency.', nullable: false, required: true },
    }),
    memo: field.text({ description: 'Free memo.', example: 'Checking balance to the estate account', column: { type: 'text', length: undefined } }),
    estateAccountId: field.string({ readOnly: true, max: 26, description: "The case's estate account (destination).", example: '01JF7Q4E1S2T3A4T5E6A7C8C9T', view: { type: String }, column: { nullable: false } }),
    method: field.enum(['ach_debit'], { readOnly: true, description: 'How the funds are pulled.', example: 'ach_debit', view: { type: String }, column: { length: 20, nullable: false } }),
    amountRequested: field.money({ readOnly: true, description: 'Amount requested.', example: 12500.5, view: { type: Number }, column: { nullable: false } }),
    amountSettled: field.money({ readOnly: true, description: 'Amount settled; null until settlement.', example: null, view: { type: Number, nullable: true, example: null } }),
    status: field.enum(TRANSFER_STATUSES, {
      readOnly: true,
      description:
        'Where the transfer stands: `requested`, `verifying`, `approved`, `submitted`, `in_transit`, `settled`; or one of the ends `cancelled`, `rejected`, ' +
        '`returned`, `failed` (processing stopped after repeated failures; `status_reason` says why).',
      view: { enum: TRANSFER_STATUSES },
      column: { length: 20, nullable: false },
    }),
    statusReason: field.text({ readOnly: true, description: 'Why it was cancelled, rejected or returned.', example: null, view: { type: String, nullable: true, example: null }, column: { type: 'text', length: undefined } }),
    returnCode: field.string({
      readOnly: true,
      max: 3,
      description: 'ACH return code of a returned transfer (`R15` for a deceased account holder); null otherwise.',
      example: null,
      view: { type: String, nullable: true, example: null },
    }),
    requestedBy: field.string({ readOnly: true, max: 26, description: 'The requesting user.', example: '01JF7PZZ0000000000000000AB', view: { type: String }, column: { nullable: false } }),
    requestedAt: field.dateTime({ readOnly: true, description: 'When it was requested.', view: { type: String, format: 'date-time' }, column: { nullable: false } }),
    submittedAt: laterMoment('When it was submitted to the ACH network.'),
    settledAt: laterMoment('When it settled.'),
    fundsAvailableAt: laterMoment(
      "When the settled money becomes available in the estate account: settlement raises the estate account's current_balance at once and its " +
        'available_balance only from this moment, once a return of the transfer can no longer come (two banking days after settlement; with the ' +
        'simulator, its return delay). Null before settlement, and for a transfer returned while its money was held.',
    ),
    fundsReleasedAt: field.dateTime({ hidden: true }),
    expectedSettlementDate: field.date({ readOnly: true, description: 'The next banking day after submission.', example: null, view: { type: String, format: 'date', nullable: true, example: null } }),
    traceNumber: field.string({ readOnly: true, max: 15, description: '15-digit ACH trace number, set on submission.', example: null, view: { type: String, nullable: true, example: null } }),
    nextStepAt: field.dateTime({ hidden: true }),
    eventCount: field.integer({ hidden: true, column: { nullable: false } }),
  },
  filters: { status: TRANSFER_STATUSES, bank_account_id: { kind: 'equals', property: 'bankAccountId' } },
  sorts: ['created_at', 'amount_requested'],
  without: ['delete'],
  keptWhenCaseDeleted: true,
  specRoutes: { list: 28, create: 29, read: 30 },
  ownSpecRoutes: [{ number: 27, method: 'post', path: ':transfer_id/cancel' }],
  tagDescription: [
    "Instant transfers out of the deceased's accounts into the estate account.",
    '',
    '**Test values.** Unless the deployment configures a real ACH network, transfers run through a simulator that settles every ' +
      "transfer except by the last four digits of the source bank account's full `account_number`:",
    '',
    simulatedAchTestValues(),
  ].join('\n'),
  // Every move, by the API (cancel) or the processor, is told as transfer.status_changed; nothing else changes one.
  statusChanged: true,
  present: (record, view) => {
    const { id, ...rest } = view;
    return { id, case_id: record.caseId, ...rest };
  },
});
