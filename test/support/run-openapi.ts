import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrecompiledValidators } from './openapi-responses';

/**
 * What the global setup makes once for every test file of the run: the OpenAPI document the app serves and the
 * validators of its responses, in files named by these variables.
 */
export const OPENAPI_DOCUMENT_ENV = 'ESTATE_TEST_OPENAPI_DOCUMENT';
export const RESPONSE_VALIDATORS_ENV = 'ESTATE_TEST_RESPONSE_VALIDATORS';
/** The validators' index, in their folder. */
export const VALIDATORS_INDEX = 'index.json';

/** The run's document, as the global setup wrote it. */
export function runDocument(): Record<string, any> {
  const file = process.env[OPENAPI_DOCUMENT_ENV];
  if (!file) throw new Error('the OpenAPI document of the run is missing: run the suite through jest (global setup)');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The run's precompiled response validators, as the global setup wrote them (none outside a jest run). */
export function runValidators(): PrecompiledValidators | undefined {
  const dir = process.env[RESPONSE_VALIDATORS_ENV];
  return dir ? { dir, files: JSON.parse(readFileSync(join(dir, VALIDATORS_INDEX), 'utf8')) } : undefined;
}
