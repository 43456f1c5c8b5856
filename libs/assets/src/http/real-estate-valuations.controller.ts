import { CaseResourceController } from '@estate/shared-kernel';
import { realEstateValuationResource } from '../resources/real-estate-valuation.resource';

/** Real estate valuations have the standard routes only (`#19` is their list). */
export class RealEstateValuationsController extends CaseResourceController(realEstateValuationResource) {}
