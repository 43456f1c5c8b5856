import { SingletonResourceController } from '@estate/shared-kernel';
import { executorResource } from '../resources/executor.resource';

/** Contract-extensions §10.5: `GET`, `PUT`, `PATCH` and `DELETE` of the case's executor, from its declaration. */
export class ExecutorController extends SingletonResourceController(executorResource) {}
