import { TRANSFERS_PARTS } from './transfers.parts';

export { TransfersModule } from './transfers.module';
/** Its ORM mappings, gathered from its folder. */
export const TRANSFERS_ENTITIES = TRANSFERS_PARTS.entities;
export { transferResource } from './resources/transfer.resource';
export { TransferProcessor } from './application/transfer-processor';
export { AchReturnIntake } from './application/ach-return-intake';
export { FundsHold } from './application/funds-hold';
export { AchNetwork } from './application/ports/ach-network.port';
export type { AchAcceptance, AchEntry, AchReturnNotice } from './application/ports/ach-network.port';
export { SIMULATED_RETURNS } from './infrastructure/ach/simulated-ach-network';
