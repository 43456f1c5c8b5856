import type { RecordFields } from '@estate/shared-kernel';
import type { Distribution } from '../../domain/distribution';

/** A distribution as an account reads it (`personId` is `null` once the person it named was deleted). */
export type AccountDistribution = RecordFields<Distribution> & { personId: string | null };

/**
 * Port of the closing context for the court accounting (contract-extensions §16): the distributions of a case, as
 * data (no entities: an account only reads them), in the caller's transaction.
 */
export abstract class DistributionAccountReader {
  abstract ofCase(caseId: string): Promise<ReadonlyArray<AccountDistribution>>;
}
