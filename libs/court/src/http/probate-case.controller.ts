import { SingletonResourceController } from '@estate/shared-kernel';
import { probateCaseResource } from '../resources/probate-case.resource';

/** Contract-extensions §10.1: `GET`, `PUT`, `PATCH` and `DELETE` of the case's probate case, from its declaration. */
export class ProbateCaseController extends SingletonResourceController(probateCaseResource) {}
