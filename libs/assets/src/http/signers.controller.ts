import { CaseResourceController } from '@estate/shared-kernel';
import { signerResource } from '../resources/signer.resource';

/** Signers of a bank account have the standard routes only (contract §11.3). */
export class SignersController extends CaseResourceController(signerResource) {}
