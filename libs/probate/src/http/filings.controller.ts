import { CaseResourceController } from '@estate/shared-kernel';
import { filingResource } from '../resources/filing.resource';

/** Contract-extensions §10.2: the standard routes of filings, each write run by the filing's own use case. */
export class FilingsController extends CaseResourceController(filingResource) {}
