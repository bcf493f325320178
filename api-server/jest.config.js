/** @type {import('jest').Config} */
// The AWS SDK warns about Node 20 on every client; the warning says nothing about our code.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // light-my-request (behind fastify.inject) requires `cookie` 2, which is ESM-only. Node 20 can
    // require() it, but Jest < Node 24.9 cannot: compile that one package to CommonJS.
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // The contract's TypeScript source, so the tests need no build of it (Node itself loads its dist/).
  moduleNameMapper: { '^@cloudclip/contract$': '<rootDir>/../contract/src/index.ts' },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/cookie@|cookie/))'],
  testTimeout: 20000,
};
