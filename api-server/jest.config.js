/** @type {import('jest').Config} */
// The AWS SDK warns about Node 20 on every client; the warning says nothing about our code.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
module.exports = {
  // A worker per core (jest's default leaves one to its own process, which waits): 655 s → 315 s on
  // the 2-core CI machine. Each test has its own data folder and database file and listens on port 0.
  // The PostgreSQL run shares one database and passes --maxWorkers=1 (package.json test:pg).
  maxWorkers: '100%',
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
