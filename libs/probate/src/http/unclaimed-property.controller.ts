import { CaseResourceController } from '@estate/shared-kernel';
import { unclaimedPropertyResource } from '../resources/unclaimed-property.resource';

/** Contract-extensions §12.5: the standard routes of unclaimed property, each write run by its own use case. */
export class UnclaimedPropertyController extends CaseResourceController(unclaimedPropertyResource) {}
