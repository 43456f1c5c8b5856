import { CaseResourceController } from '@estate/shared-kernel';
import { businessResource } from '../resources/business.resource';

/** Business interests have the standard routes only. */
export class BusinessesController extends CaseResourceController(businessResource) {}
