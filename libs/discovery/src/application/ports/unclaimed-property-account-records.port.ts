import type { RecordFields } from '@estate/shared-kernel';
import type { UnclaimedProperty } from '../../domain/unclaimed-property';
import type { UnclaimedPropertyType } from '../../domain/unclaimed-property-vocabulary';

/**
 * An unclaimed property as an account reads it: the fields its domain class names (`RecordFields<…>`) and, stated here
 * as the port's own, those of its declaration the class leaves to the declaration. The adapter fills them from the
 * declaration's records, so a difference from the declaration is a type error there.
 */
export type AccountUnclaimedProperty = RecordFields<UnclaimedProperty> & {
  state: string;
  holderName: string;
  propertyType: UnclaimedPropertyType;
  statePropertyId: string | null;
};

/**
 * Port of the discovery context for the court accounting (contract-extensions §16): the unclaimed property of a case,
 * as data (no entities: an account only reads them), in the caller's transaction.
 */
export abstract class UnclaimedPropertyAccountReader {
  abstract ofCase(caseId: string): Promise<ReadonlyArray<AccountUnclaimedProperty>>;
}
