import type { PaidUnclaimedProperty } from '../../domain/unclaimed-property';

export type PaidUnclaimedPropertyReader = (caseId: string) => Promise<PaidUnclaimedProperty[]>;

/**
 * What the estate inventory reads of unclaimed property (contract-extensions §12.5): the claims paid, which are then the
 * estate's. Unclaimed property is the probate context's, and probate sits above assets, so assets states the need and
 * probate answers it in its module's `onModuleInit` (`answerWith`), as documents answers the statement closings. Until a
 * reader is registered a case has none.
 */
export abstract class PaidUnclaimedProperties {
  abstract answerWith(reader: PaidUnclaimedPropertyReader): void;
  abstract paidOf(caseId: string): Promise<PaidUnclaimedProperty[]>;
}
