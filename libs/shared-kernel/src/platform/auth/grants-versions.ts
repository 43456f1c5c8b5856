/**
 * Port: the grants version of users as the database holds it now (`users.grants_version`, migration 20261202120000),
 * which moves with anything a principal is made of. Bound by the kernel module to a plain statement; the auth floor
 * sits below persistence, so it names what it needs here (issue 33, item 6).
 */
export abstract class GrantsVersions {
  /** By user id; a user that no longer exists is absent. */
  abstract of(userIds: string[]): Promise<Map<string, string>>;
}
