/**
 * The kernel's face for the operator's commands and start-up, `@estate/shared-kernel/operator`: configuration, tiers
 * and organization roles. Nothing here loads the HTTP stack (Express, Swagger, class-validator, the contexts), so
 * `npm run cli -- --version` and a refused command answer without loading what only serving needs (issue 7); the
 * invitation and revocation themselves are the people context's (`OperatorEnrolment`), loaded when a command runs.
 */
export { AppConfig, loadAppConfig, TIERS } from '../config/app-config';
export type { Tier } from '../config/app-config';
export { ORG_ROLES } from '../auth/org-role';
export type { OrgRole } from '../auth/org-role';
