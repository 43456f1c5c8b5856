import { CaseResourceController } from '@estate/shared-kernel';
import { searchResource } from '../resources/search.resource';

/** Searches: list, create, read and `#10`; no delete (audit rule 2: `DELETE` answers 405). */
export class SearchesController extends CaseResourceController(searchResource) {}
