/* Framework-free (no import): the kernel's domain index re-exports it for the contexts' domain folders. */
/** A collaborator's role on the one case it was invited onto (contract-extensions §13.3). */
export const COLLABORATOR_ROLES = ['owner', 'editor', 'viewer'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];
