/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  // The contract's TypeScript sources (as the bundle uses them), not its possibly stale dist/.
  moduleNameMapper: {
    '^@cloudclip/contract$': '<rootDir>/../contract/src/index.ts',
    '^@cloudclip/contract/paste-crypto$': '<rootDir>/../contract/src/crypto/paste-crypto.ts',
  },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
};
