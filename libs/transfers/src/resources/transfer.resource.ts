import { caseResource } from '@estate/shared-kernel';
import { RequestTransfer } from '../application/request-transfer.service';
import { Transfer } from '../domain/transfer';
import { TRANSFER_STATUSES } from '../domain/transfer-status';
import { CreateTransferBody, TransferView } from '../http/dto/transfer.dto';
import { simulatedAchTestValues } from '../infrastructure/ach/simulated-ach-network';
import { TransferSchema } from '../infrastructure/persistence/transfer.schema';

/**
 * Transfers (contract §8): an aggregate read through the kernel (`#28`, `#30`), created by its own use case (`#29`),
 * never deleted (405) and kept when the case is deleted. `bank_account_id` filters by the account's exact id
 * (repeatable).
 */
export const transferResource = caseResource<Transfer>({
  name: 'transfer',
  path: 'transfers',
  idParam: 'transfer_id',
  schema: TransferSchema,
  kind: 'aggregate',
  useCases: { create: () => RequestTransfer },
  create: CreateTransferBody,
  view: TransferView,
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
