/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  // The jsdom set-up shared by the client packages (shared-kernel/testing/jsdom-setup.ts).
  setupFilesAfterEnv: ['@testing-library/jest-dom', require.resolve('@cloudclip/shared-kernel/testing/jsdom-setup.ts')],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/jest.style-stub.js',
    // ESM-only browser bundles of the lazily loaded previews: unit tests use stand-ins (e2e runs the real ones).
    '^cloudclip-bytemd-processor$': '<rootDir>/src/test/stubs/bytemd-processor.ts',
    '^@bytemd/plugin-[a-z]+$': '<rootDir>/src/test/stubs/bytemd-plugin.ts',
    '^qrcode\\.react$': '<rootDir>/src/test/stubs/qrcode-react.tsx',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
};
