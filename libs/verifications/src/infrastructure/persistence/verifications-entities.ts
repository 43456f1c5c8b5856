import { identityVerificationResource } from '../../resources/identity-verification.resource';

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const VERIFICATIONS_ENTITIES = [identityVerificationResource.schema];
