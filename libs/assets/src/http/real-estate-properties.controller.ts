import { CaseResourceController } from '@estate/shared-kernel';
import { realEstatePropertyResource } from '../resources/real-estate-property.resource';

/** Real estate properties have the standard routes only. */
export class RealEstatePropertiesController extends CaseResourceController(realEstatePropertyResource) {}
