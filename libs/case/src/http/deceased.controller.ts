import { SingletonResourceController } from '@estate/shared-kernel';
import { deceasedResource } from '../resources/deceased.resource';

/** #6 and the create-or-replace `PUT`: the routes of the deceased's declaration. */
export class DeceasedController extends SingletonResourceController(deceasedResource) {}
