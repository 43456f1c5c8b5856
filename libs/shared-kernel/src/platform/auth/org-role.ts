/* Framework-free (no import): the kernel's domain index re-exports it for the contexts' domain folders. */
/**
 * A member's role in its organization (contract-extensions §13.2): what a principal carries and the operator's
 * invitation sets. The people context owns the members themselves (their table and its declaration).
 */
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
