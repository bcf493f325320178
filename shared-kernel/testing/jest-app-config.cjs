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
function createJestConfig({ moduleNameMapper = {}, setupFiles = [], ...options } = {}) {
  return {
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

module.exports = { createJestConfig };
