import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthenticatedRequest } from '../auth/principal';
import type { EventActor } from './event';

/**
 * The request each piece of work belongs to, so an event written deep in a use case names the user whose token made
 * the change without every use case passing the principal along. Work outside a request (the transfer processor,
 * the scheduler, the CLI) has none: its events name the service.
 */
const requests = new AsyncLocalStorage<AuthenticatedRequest>();

export function runWithinRequest(req: AuthenticatedRequest, next: () => void): void {
  requests.run(req, next);
}

export function currentActor(systemComponent = 'api'): EventActor {
  const principal = requests.getStore()?.principal;
  return principal ? { type: 'user', id: principal.userId } : { type: 'system', id: systemComponent };
}
