import { declaredResourceKeyed, ReferenceTarget } from '@estate/shared-kernel';

/**
 * Contract-extensions §12.1: the specification's `financial_account_id` (on institution contacts and on real estate
 * valuations) names a record of the same case that is a financial, bank, investment or retirement account, a life
 * insurance policy or a debt; anything else is `422`, and deleting the record named sets the field to `null` (the
 * kernel's `references`, one field with several kinds). The kinds are found by their event keys: their declarations
 * name institution contacts, so importing them into the contacts' declaration would be a cycle.
 */
export const FINANCIAL_ACCOUNT_ID_KINDS: readonly ReferenceTarget[] = [
  'financial_account',
  'bank_account',
  'investment_account',
  'retirement_account',
  'life_insurance_policy',
  'debt',
].map((eventKey) => declaredResourceKeyed(eventKey));
