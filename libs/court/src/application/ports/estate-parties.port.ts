import type { EstateParties } from '../../domain/estate-ein';

/** The deceased and the executor of a case as the EIN application names them (read through the case context). */
export abstract class EstatePartiesReader {
  abstract partiesOf(caseId: string): Promise<EstateParties>;
}
