const { createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

const base = createJestConfig({});

// The fixture generators (fixtures/*.mjs) are plain ES modules shared with the e2e tests and the bench.
module.exports = {
  ...base,
  roots: ['<rootDir>/src', '<rootDir>/fixtures'],
  transform: {
    ...base.transform,
    '^.+\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
};
