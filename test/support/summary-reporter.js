/**
 * Prints the plain closing line CI reads ("N passed, N failed", optionally ", N skipped"), since jest's own summary
 * ("Tests: … passed, … total") is not one of the formats it recognises.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}

module.exports = SummaryReporter;
