import { SingletonResourceController } from '@estate/shared-kernel';
import { authorityResource } from '../resources/authority.resource';

/** #4 (merge patch), #5 (create or replace) and the read: the routes of the authority's declaration. */
export class AuthorityController extends SingletonResourceController(authorityResource) {}
