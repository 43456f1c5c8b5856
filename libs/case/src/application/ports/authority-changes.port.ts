import type { SingletonAfterWrite } from '@estate/shared-kernel';
import type { Authority } from '../../domain/authority';
import type { AuthorityLevel } from '../../domain/case-vocabulary';

/** Told, inside the changing transaction, that a case's authority level is now `level` (or that there is none). */
export type AuthorityChangeListener = (caseId: string, level: AuthorityLevel | null) => Promise<void>;

/**
 * Where contexts that depend on the executor's authority (bank accounts' instant-transfer eligibility, contract §8)
 * learn of its changes. They register in their module's `onModuleInit`, so the case context never imports them.
 */
export abstract class AuthorityChanges {
  abstract listen(listener: AuthorityChangeListener): void;
}

/** The case context's side of the port: the listeners, told in order after every write of an authority record. */
export class AuthorityChangeListeners extends AuthorityChanges implements SingletonAfterWrite<Authority> {
  private readonly listeners: AuthorityChangeListener[] = [];

  listen(listener: AuthorityChangeListener): void {
    this.listeners.push(listener);
  }

  /** The authority declaration's `afterWriteBy`: the kernel calls it after each write, in the writing transaction. */
  afterWrite(authority: Authority): Promise<void> {
    return this.announce(authority.caseId, authority.level);
  }

  async announce(caseId: string, level: AuthorityLevel | null): Promise<void> {
    for (const listener of this.listeners) await listener(caseId, level);
  }
}
