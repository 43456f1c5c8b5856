import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthenticatedRequest } from '../auth/principal';
import type { EventActor } from './event';

/**
 * The request each piece of work belongs to, so an event written deep in a use case names the user whose token made
 * the change without every use case passing the principal along. Work outside a request (the transfer processor,
 * the scheduler, the CLI) has none: its events name the service.
 */
const requests = new AsyncLocalStorage<AuthenticatedRequest | { component: string }>();

export function runWithinRequest(req: AuthenticatedRequest, next: () => void): void {
  requests.run(req, next);
}

/** Work a component of the service does on its own (`transfer_processor`): its events name that component. */
export function runAsSystem<T>(component: string, work: () => T): T {
  return requests.run({ component }, work);
}

export function currentActor(): EventActor {
  const store = requests.getStore();
  if (store && 'component' in store) return { type: 'system', id: store.component };
  const principal = store?.principal;
  return principal ? { type: 'user', id: principal.userId } : { type: 'system', id: 'api' };
}
