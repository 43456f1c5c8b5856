/**
 * The kernel's face for the operator's commands and start-up, `@estate/shared-kernel/operator`: configuration, tiers
 * and identity (invite, revoke), and the identity tables' schemas. Nothing here loads the HTTP stack (Express, Swagger,
 * class-validator, the contexts), so `npm run cli` answers without loading what only serving needs (issue 7).
 */
export { AppConfig, loadAppConfig, TIERS } from '../config/app-config';
export type { Tier } from '../config/app-config';
export { IdentityService, InvitationRefused } from '../auth/identity.service';
export type { Invitation } from '../auth/identity.service';
export { AccessTokenSchema, OrganizationSchema, UserSchema, ORG_ROLES } from '../auth/identity.entities';
export type { OrgRole } from '../auth/identity.entities';
