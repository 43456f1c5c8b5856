import { CaseResourceController } from '@estate/shared-kernel';
import { phoneCallResource } from '../resources/phone-call.resource';

/** Phone calls have the standard routes only (`#25` is their read of one). */
export class PhoneCallsController extends CaseResourceController(phoneCallResource) {}
