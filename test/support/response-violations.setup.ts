import { formatViolations, takeResponseViolations } from './response-violations';

/**
 * Loaded after the test framework in every jest file (jest.config.js `setupFilesAfterEnv`): a response that
 * disagreed with the OpenAPI document during a test (or the hooks before it) fails that test, naming the request.
 */
afterEach(() => {
  const violations = takeResponseViolations();
  if (violations.length > 0) throw new Error(`responses that disagree with the OpenAPI document:\n${formatViolations(violations)}`);
});
