export { TransfersModule } from './transfers.module';
export { TRANSFERS_ENTITIES } from './infrastructure/persistence/transfer.schema';
export { transferResource } from './resources/transfer.resource';
export { TransferProcessor } from './application/transfer-processor';
export { AchReturnIntake } from './application/ach-return-intake';
export { FundsHold } from './application/funds-hold';
export { AchNetwork } from './application/ports/ach-network.port';
export type { AchAcceptance, AchEntry, AchReturnNotice } from './application/ports/ach-network.port';
