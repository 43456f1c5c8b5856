import { CaseResourceController } from '@estate/shared-kernel';
import { personResource } from '../persons/person.resource';

/** Persons have the standard routes only (`#9` is their merge patch). */
export class PersonsController extends CaseResourceController(personResource) {}
