import { formIdOf, type ProbateFormsFile } from '../../domain/probate-form';
import { assertMatchesSchema, firstRepeated, readReferenceFile, refuse } from './reference-file';

const FILE = 'probate-forms.json';

/**
 * The committed forms catalogue, validated against its JSON Schema (contract-extensions §10.3), with the rules the
 * schema cannot state: each `id` is `{state}-{form_number}` and unique, each state a USPS code of §10.4 or `US`, and
 * each state with forms has a source. A broken file stops start-up (the probate module loads it in `onModuleInit`).
 */
export function validateProbateForms(candidate: unknown, stateCodes: readonly string[]): ProbateFormsFile {
  const file = assertMatchesSchema<ProbateFormsFile>(candidate, FILE, 'probate-forms.schema.json');
  const repeated = firstRepeated(file.forms.map((form) => form.id));
  refuse(FILE, repeated && `repeats the form ${repeated}`);
  const known = new Set(['US', ...stateCodes]);
  const sourced = new Set(file.sources.map((source) => source.covers));
  for (const form of file.forms) {
    refuse(FILE, form.id !== formIdOf(form.state, form.form_number) ? `has form ${form.id}, whose id is not ${formIdOf(form.state, form.form_number)}` : undefined);
    refuse(FILE, !known.has(form.state) ? `has form ${form.id} of an unknown state ${form.state}` : undefined);
    refuse(FILE, !sourced.has(form.state) ? `cites no source for the forms of ${form.state}` : undefined);
  }
  return file;
}

let loaded: { file: ProbateFormsFile; sha256: string } | undefined;

/** The validated catalogue and the SHA-256 of its file, once per process. */
export function probateForms(stateCodes: readonly string[]): { file: ProbateFormsFile; sha256: string } {
  if (!loaded) {
    const read = readReferenceFile(FILE);
    loaded = { file: validateProbateForms(read.content, stateCodes), sha256: read.sha256 };
  }
  return loaded;
}
