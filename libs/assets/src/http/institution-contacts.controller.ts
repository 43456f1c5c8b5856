import { CaseResourceController } from '@estate/shared-kernel';
import { institutionContactResource } from '../resources/institution-contact.resource';

/** Institution contacts have the standard routes only (`#11` list, `#12` merge patch). */
export class InstitutionContactsController extends CaseResourceController(institutionContactResource) {}
