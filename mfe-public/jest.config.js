/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  // The jsdom set-up shared by the client packages (shared-kernel/testing/jsdom-setup.ts).
  setupFilesAfterEnv: ['@testing-library/jest-dom', require.resolve('@cloudclip/shared-kernel/testing/jsdom-setup.ts')],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/jest.style-stub.js',
    // The Markdown pipeline and the editor are ESM-only browser bundles: unit tests use small stand-ins
    // (the real pipeline is exercised end to end in e2e/, XSS payloads included).
    '^cloudclip-bytemd-processor$': '<rootDir>/src/test/stubs/bytemd-processor.ts',
    '^cloudclip-rehype-raw$': '<rootDir>/src/test/stubs/rehype-raw.ts',
    '^@bytemd/react$': '<rootDir>/src/test/stubs/bytemd-react.tsx',
    '^@bytemd/plugin-[a-z]+$': '<rootDir>/src/test/stubs/bytemd-plugin.ts',
    '^(bytemd|@bytemd/plugin-[a-z]+)/locales/.*\\.json$': '<rootDir>/src/test/stubs/empty-json.ts',
    '^qrcode\\.react$': '<rootDir>/src/test/stubs/qrcode-react.tsx',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
};
