/**
 * Port: tells this process's principal caches, once the running transaction commits, that a user's tokens, role or
 * status changed. Other processes hear it from the database's trigger (the invalidation feed); this one must not answer
 * from memory even for the moment the notification takes to come back.
 */
export abstract class PrincipalChanges {
  abstract afterCommit(): void;
}
