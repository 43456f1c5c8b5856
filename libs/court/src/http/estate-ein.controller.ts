import { SingletonResourceController } from '@estate/shared-kernel';
import { estateEinResource } from '../resources/estate-ein.resource';

/** `/v1/cases/{case_id}/ein` (contract-extensions §10.6): the standard singleton routes of the declaration. */
export class EstateEinController extends SingletonResourceController(estateEinResource) {}
