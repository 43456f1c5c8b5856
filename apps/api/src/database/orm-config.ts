import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { requestEntityManager } from '@estate/shared-kernel';
import { CASE_ENTITIES } from '@estate/case';
import { ASSETS_ENTITIES } from '@estate/assets';
import { COMMS_ENTITIES } from '@estate/comms';
import { COURT_ENTITIES } from '@estate/court';
import { CLOSING_ENTITIES } from '@estate/closing';
import { DISCOVERY_ENTITIES } from '@estate/discovery';
import { TRANSFERS_ENTITIES } from '@estate/transfers';
import { DOCUMENTS_ENTITIES } from '@estate/documents';
import { VERIFICATIONS_ENTITIES } from '@estate/verifications';
import { PEOPLE_ENTITIES } from '@estate/people';
import { ACCOUNTING_ENTITIES } from '@estate/accounting';
import { WEBHOOKS_ENTITIES } from '@estate/webhooks';
import { baseOrmConfig } from './orm-options';

export const ENTITIES = [...CASE_ENTITIES, ...ASSETS_ENTITIES, ...COURT_ENTITIES, ...CLOSING_ENTITIES, ...DISCOVERY_ENTITIES, ...COMMS_ENTITIES, ...TRANSFERS_ENTITIES, ...DOCUMENTS_ENTITIES, ...VERIFICATIONS_ENTITIES, ...PEOPLE_ENTITIES, ...ACCOUNTING_ENTITIES, ...WEBHOOKS_ENTITIES];

/** The API's, the worker's and the tests' ORM configuration: every context's tables. The schema comes only from migrations. */
export function ormConfig(databaseUrl: string, options: { poolMax?: number; debug?: boolean } = {}) {
  return {
    ...baseOrmConfig(databaseUrl, ENTITIES, options),
    // A request's entity manager is forked when the request first needs one (the kernel's request scope; a GET served
    // by plain statements never does); outside a request, MikroORM's own RequestContext as before.
    context: (name: string) => requestEntityManager<EntityManager>() ?? RequestContext.getEntityManager(name),
  };
}
