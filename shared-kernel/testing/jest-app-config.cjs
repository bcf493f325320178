/**
 * The jest configuration every client package (the host and the remotes) starts from: jsdom, the
 * shared jsdom set-up (jsdom-setup.ts, after @testing-library/jest-dom), stylesheets stubbed, and
 * TypeScript/TSX through swc with React's automatic runtime. A package adds its own stand-ins for
 * ESM-only browser bundles (`moduleNameMapper`), set-up files that run after the shared one
 * (`setupFiles`) and any other jest option.
 *
 * @param {{ moduleNameMapper?: Record<string, string>, setupFiles?: string[] } & import('jest').Config} [options]
 * @returns {import('jest').Config}
 */
/**
 * A worker per core: jest's default leaves one core to its own process, which waits; on the 2-core
 * CI machine that ran the suites one at a time (mfe-admin: 404 s with one worker, 168 s with two).
 */
const ALL_CORES = '100%';

function createJestConfig({ moduleNameMapper = {}, setupFiles = [], ...options } = {}) {
  return {
    maxWorkers: ALL_CORES,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    setupFilesAfterEnv: ['@testing-library/jest-dom', require.resolve('./jsdom-setup.ts'), ...setupFiles],
    moduleNameMapper: { '\\.css$': require.resolve('./style-stub.js'), ...moduleNameMapper },
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
      ],
    },
    ...options,
  };
}

module.exports = { createJestConfig, ALL_CORES };
