import { CaseResourceController } from '@estate/shared-kernel';
import { goalResource } from '../resources/goal.resource';

/** Contract-extensions §12.8: the standard routes of goals, each write run by the goal's own use case. */
export class GoalsController extends CaseResourceController(goalResource) {}
