import { Module, OnModuleInit } from '@nestjs/common';
import { TRANSFERS_PARTS } from './transfers.parts';
import { AssetsModule, bankAccountResource } from '@estate/assets';
import { CaseDeletionParticipants, CaseModule } from '@estate/case';
import { ClosingModule, ClosureTransfers } from '@estate/closing';
import { AppConfig, CaseResourceModule, ConflictError, RecordDeletionVetoes } from '@estate/shared-kernel';
import { CancelTransfer } from './application/cancel-transfer.service';
import { ClosureTransferDesk } from './application/closure-transfer-desk';
import { TransferRepository } from './application/ports/transfer-repository.port';
import { RequestTransfer } from './application/request-transfer.service';
import { AchReturnIntake } from './application/ach-return-intake';
import { TransferMoney } from './application/transfer-money';
import { TransferProcessor } from './application/transfer-processor';
import { TransferStepQueue } from './application/transfer-step-queue';
import { FundsHold } from './application/funds-hold';
import { FundsHoldSettings, loadFundsHoldSettings } from './application/funds-hold-settings';
import { achNetworkProvider } from './infrastructure/ach/ach-network.provider';
import { AchSimulatorSettings, loadAchSimulatorSettings } from './infrastructure/ach/ach-simulator-settings';
import { OrmTransferRepository } from './infrastructure/persistence/transfer.repository';
import { transferResource } from './resources/transfer.resource';

/**
 * The transfers bounded context (issue 10): the Transfer aggregate, its use cases, processor and audit trail. It
 * answers the closing context's closure requests (their instant transfers) and tells them how each ended (§15.1).
 */
@Module({
  imports: [CaseModule, AssetsModule, ClosingModule, CaseResourceModule.forResources([transferResource])],
  controllers: TRANSFERS_PARTS.controllers,
  providers: [
    { provide: TransferRepository, useClass: OrmTransferRepository },
    achNetworkProvider(),
    { provide: AchSimulatorSettings, useFactory: (config: AppConfig) => loadAchSimulatorSettings(process.env, config.transferStepDelayMs), inject: [AppConfig] },
    { provide: FundsHoldSettings, useFactory: () => loadFundsHoldSettings(process.env) },
    RequestTransfer,
    CancelTransfer,
    TransferStepQueue,
    TransferMoney,
    TransferProcessor,
    AchReturnIntake,
    FundsHold,
    ClosureTransferDesk,
  ],
  exports: [TransferProcessor, AchReturnIntake, FundsHold],
})
export class TransfersModule implements OnModuleInit {
  constructor(
    private readonly deletion: CaseDeletionParticipants,
    private readonly vetoes: RecordDeletionVetoes,
    private readonly transfers: TransferRepository,
    private readonly closureTransfers: ClosureTransfers,
    private readonly closureDesk: ClosureTransferDesk,
  ) {}

  onModuleInit(): void {
    // An instant_transfer closure request's transfer is requested and cancelled here (contract-extensions §15.1).
    this.closureTransfers.answerWith(this.closureDesk);
    // A case with a transfer in flight cannot be deleted (contract §5); its transfers stay when it is.
    this.deletion.register({
      beforeCaseDeleted: async (caseId) => {
        if ((await this.transfers.activeCountOfCase(caseId)) > 0) {
          throw new ConflictError('case_has_active_transfer', 'The case has a transfer in progress; cancel it or wait until it ends.');
        }
      },
    });
    // Nor can a bank account that a transfer not yet final names, as its source or as its destination (the estate
    // account): the transfer would stick once submitted (409 invalid_state, naming the transfer).
    this.vetoes.register(bankAccountResource, async (record) => {
      const active = await this.transfers.activeNaming(record.id);
      if (active) {
        throw new ConflictError('invalid_state', 'The bank account has a transfer in progress; cancel it or wait until it ends.', [
          { field: 'transfer_id', message: `transfer ${active.id} is ${active.status}`, reason: 'conflict' },
        ]);
      }
    });
  }
}
