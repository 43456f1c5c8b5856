import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionContext } from '@mikro-orm/core';

/** What the unit of work needs of the ORM's root entity manager: a fork of its own identity map. */
interface Forkable<E> {
  fork(options: { useContext: boolean }): E;
}

/**
 * The request as the scope reads it: the principal the auth guard sets on it (after the scope began, so it is read
 * when an event is written). Stated here rather than imported from auth/, which sits above the request scope.
 */
interface ScopedRequest {
  principal?: { userId: string };
}

/**
 * One async context per request (issue 7: a single AsyncLocalStorage, where pino-http, MikroORM's request context and
 * this one each ran their own). It holds:
 *
 * - the request, so an event written deep in a use case names the user whose token made the change without every use
 *   case passing the principal along; work outside a request (the transfer processor, the scheduler, the CLI) names
 *   the service instead;
 * - the request's entity manager, forked from the root the first time the request touches the ORM: most `GET`s read
 *   through plain statements and never need one (a fork builds a unit of work, an identity map and their maps).
 */
interface RequestScope {
  actor: ScopedRequest | { component: string };
  orm?: { root: Forkable<unknown>; entityManager?: unknown; forking?: boolean };
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function runWithinRequest(req: ScopedRequest, root: Forkable<unknown>, next: () => void): void {
  scopes.run({ actor: req, orm: { root } }, next);
}

/**
 * Work a component of the service does on its own (`transfer_processor`): its events name that component. It gets no
 * entity manager of its own (such work forks one per unit of work, or through MikroORM's RequestContext); started
 * within a request, it shares the request's.
 */
export function runAsSystem<T>(component: string, work: () => T): T {
  return scopes.run({ actor: { component }, orm: scopes.getStore()?.orm }, work);
}

/**
 * The request's entity manager, for MikroORM's `context` option; undefined outside a request (the ORM then asks its
 * own RequestContext).
 */
export function requestEntityManager<E>(): E | undefined {
  const orm = scopes.getStore()?.orm;
  // `fork` asks the root for its context first: while forking, the root is its own.
  if (!orm || orm.forking) return undefined;
  if (orm.entityManager === undefined) {
    orm.forking = true;
    try {
      orm.entityManager = orm.root.fork({ useContext: true });
    } finally {
      orm.forking = false;
    }
  }
  return orm.entityManager as E;
}

/**
 * Who acts in the current scope, as an event names it (contract §14.1): a user's token, or the service itself. Defined
 * here, below the events, because the scope is what knows the actor; `events/event.ts` re-exports it.
 */
export interface EventActor {
  type: 'user' | 'system';
  /** The user's id; for the service, the component that acted (`transfer_processor`, `scheduler`, …). */
  id: string;
}

export function currentActor(): EventActor {
  const actor = scopes.getStore()?.actor;
  if (actor && 'component' in actor) return { type: 'system', id: actor.component };
  const principal = actor?.principal;
  return principal ? { type: 'user', id: principal.userId } : { type: 'system', id: 'api' };
}

/**
 * The transaction the calling code runs in, if any, asked without forking the request's entity manager (asking the
 * entity manager itself would fork one for a `GET` that never touches the ORM). Transactions are only opened with
 * `em.transactional` (the unit of work), which puts the transaction's entity manager in MikroORM's TransactionContext.
 */
export function currentTransaction(em: { name: string }): object | undefined {
  return TransactionContext.getEntityManager(em.name)?.getTransactionContext() as object | undefined;
}
