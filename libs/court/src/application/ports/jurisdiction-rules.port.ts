import type { JurisdictionRules } from '../../domain/jurisdiction-rules';

/** The jurisdiction file as the generator reads it (validated at start-up). */
export abstract class JurisdictionRuleBook {
  abstract rules(): JurisdictionRules;
}
