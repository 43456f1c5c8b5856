import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';

const FOLDER = join('libs', 'court', 'reference-data');

/**
 * The committed folder `libs/court/reference-data`, found upwards from this file: from the sources (tests) and from
 * the build under `dist/` alike, without copying data files into the build.
 */
function referenceDataFolder(): string {
  for (let directory = __dirname; ; directory = dirname(directory)) {
    if (existsSync(join(directory, FOLDER, 'us-probate.json'))) return join(directory, FOLDER);
    if (dirname(directory) === directory) throw new Error(`${FOLDER}/us-probate.json was not found above ${__dirname}`);
  }
}

/** A committed reference file: its text, its parsed content and its SHA-256 (the `ETag` of its routes). */
export interface ReferenceFile {
  content: unknown;
  sha256: string;
}

export function readReferenceFile(name: string): ReferenceFile {
  const text = readFileSync(join(referenceDataFolder(), name), 'utf8');
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    throw new Error(`libs/court/reference-data/${name} is not valid JSON: ${(error as Error).message}`);
  }
  return { content, sha256: createHash('sha256').update(text).digest('hex') };
}

/**
 * Checks `candidate` against the JSON Schema `schemaName` of the folder; a mismatch throws naming the file and every
 * problem (the loaders call this at start-up, so that a broken file stops it, contract-extensions §9/§10.4).
 */
export function assertMatchesSchema<T>(candidate: unknown, file: string, schemaName: string): T {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  const validate = ajv.compile(readReferenceFile(schemaName).content as object);
  if (!validate(candidate)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
    throw new Error(`libs/court/reference-data/${file} does not match its schema: ${problems}`);
  }
  return candidate as T;
}

/** Throws `libs/court/reference-data/{file} {problem}` when `problem` is set: a rule the schema cannot state. */
export function refuse(file: string, problem: string | undefined): void {
  if (problem) throw new Error(`libs/court/reference-data/${file} ${problem}`);
}

/** The first value that appears twice, if any. */
export function firstRepeated(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}
