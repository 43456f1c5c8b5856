import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { IntestacyRuleBook } from '../../application/ports/intestacy-rules.port';
import { readIntestacyRules, type IntestacyRules } from '../../domain/heirship';

const FILE = join('libs', 'court', 'src', 'domain', 'heirship', 'intestacy-rules.json');

/**
 * The committed rules file, found upwards from this file as the jurisdiction file is: from the sources (tests) and
 * from the build under `dist/` alike, which runs beside the checkout, so no data file is copied into the build.
 */
function rulesFile(): string {
  for (let directory = __dirname; ; directory = dirname(directory)) {
    if (existsSync(join(directory, FILE))) return join(directory, FILE);
    if (dirname(directory) === directory) throw new Error(`${FILE} was not found above ${__dirname}`);
  }
}

let loaded: IntestacyRules | undefined;

/**
 * The compiled intestacy rules (scripts/reference/compile-intestacy.js), read once per process and checked against
 * the rule language's shapes: a broken file stops start-up (the court module reads it in `onModuleInit`), never a
 * request.
 */
@Injectable()
export class FileIntestacyRules extends IntestacyRuleBook {
  rules(): IntestacyRules {
    if (!loaded) {
      const text = readFileSync(rulesFile(), 'utf8');
      let content: unknown;
      try {
        content = JSON.parse(text);
      } catch (error) {
        throw new Error(`${FILE} is not valid JSON: ${(error as Error).message}`);
      }
      loaded = readIntestacyRules(content);
    }
    return loaded;
  }
}
