/**
 * The kernel's face for the operator's commands and start-up, `@estate/shared-kernel/operator`: configuration, tiers
 * and identity (invite, revoke, in plain statements: the people context owns the identity tables' mappings). Nothing
 * here loads the HTTP stack (Express, Swagger, class-validator, the contexts), so `npm run cli` answers without
 * loading what only serving needs (issue 7).
 */
export { AppConfig, loadAppConfig, TIERS } from '../config/app-config';
export type { Tier } from '../config/app-config';
export { IdentityService, InvitationRefused } from '../auth/identity.service';
export type { Invitation } from '../auth/identity.service';
export { ORG_ROLES } from '../auth/org-role';
export type { OrgRole } from '../auth/org-role';
