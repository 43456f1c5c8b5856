import { Injectable } from '@nestjs/common';
import { JurisdictionRuleBook } from '../../application/ports/jurisdiction-rules.port';
import type { JurisdictionRules } from '../../domain/jurisdiction-rules';
import { jurisdictionRules } from './jurisdiction-rules.loader';

/** The rule book read from the committed, schema-validated file. */
@Injectable()
export class FileJurisdictionRules extends JurisdictionRuleBook {
  rules(): JurisdictionRules {
    return jurisdictionRules();
  }
}
