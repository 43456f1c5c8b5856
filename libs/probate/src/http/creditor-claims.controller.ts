import { CaseResourceController } from '@estate/shared-kernel';
import { creditorClaimResource } from '../resources/creditor-claim.resource';

/** Creditor claims have the standard routes only (`#13` is their merge patch, run by the claim's own use case). */
export class CreditorClaimsController extends CaseResourceController(creditorClaimResource) {}
