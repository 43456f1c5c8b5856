import type { IntestacyRules } from '../../domain/heirship';

/** The compiled intestacy rules of every state (docs/heirship-rules.md), as the heirship reads them; checked at start-up. */
export abstract class IntestacyRuleBook {
  abstract rules(): IntestacyRules;
}
