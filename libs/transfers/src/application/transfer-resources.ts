import type { CaseResource } from '@estate/shared-kernel';
import type { Transfer } from '../domain/transfer';

/** The transfer declaration as the use cases see it (bound by the module: the declaration names the use cases). */
export abstract class TransferResources {
  abstract readonly transfers: CaseResource<Transfer>;
}
