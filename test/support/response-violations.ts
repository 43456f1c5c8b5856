/**
 * The responses that disagreed with the OpenAPI document, kept apart from the checker (which loads ajv) so that the
 * jest setup file, loaded by every test file, unit specs included, stays light.
 */
export interface ResponseViolation {
  method: string;
  url: string;
  template: string;
  status: number;
  problem: string;
}

// On globalThis: the jest setup file and the suite share one list even if the module were loaded twice.
const recorded: ResponseViolation[] = ((globalThis as Record<string, unknown>).__estateResponseViolations ??= []) as ResponseViolation[];

export function recordViolation(violation: ResponseViolation): void {
  recorded.push(violation);
}

/** Violations seen since the last call (the jest setup file fails the test that caused them). */
export function takeResponseViolations(): ResponseViolation[] {
  return recorded.splice(0, recorded.length);
}

export function formatViolations(violations: ResponseViolation[]): string {
  return violations.map((v) => `${v.method} ${v.url} [${v.template}] ${v.status}: ${v.problem}`).join('\n');
}
