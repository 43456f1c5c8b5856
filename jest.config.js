/** One jest run for unit tests (beside the code) and e2e suites (test/), against a real PostgreSQL. */
const swcConfig = JSON.parse(require('node:fs').readFileSync(`${__dirname}/.swcrc`, 'utf8'));

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // swc rewrites the @estate/* aliases itself, because the global setup is loaded without jest's module mapper.
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { ...swcConfig, swcrc: false, jsc: { ...swcConfig.jsc, baseUrl: __dirname, paths: require('./tsconfig.json').compilerOptions.paths } },
    ],
  },
  moduleNameMapper: {
    '^@estate/shared-kernel$': '<rootDir>/libs/shared-kernel/src',
    '^@estate/shared-kernel/domain$': '<rootDir>/libs/shared-kernel/src/platform/domain',
    '^@estate/shared-kernel/operator$': '<rootDir>/libs/shared-kernel/src/platform/operator',
    '^@estate/(case|assets|court|closing|discovery|transfers|comms|webhooks|documents|verifications|people|accounting)$': '<rootDir>/libs/$1/src',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['reflect-metadata', '<rootDir>/test/support/async-storage-release.setup.ts'],
  // Every e2e response is checked against the OpenAPI document (test/support/openapi-responses.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/response-violations.setup.ts'],
  testTimeout: 30_000,
  maxWorkers: process.env.JEST_WORKERS ?? 3,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
