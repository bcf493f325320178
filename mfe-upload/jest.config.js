/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  // The jsdom set-up shared by the client packages (shared-kernel/testing/jsdom-setup.ts).
  setupFilesAfterEnv: ['@testing-library/jest-dom', require.resolve('@cloudclip/shared-kernel/testing/jsdom-setup.ts')],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/jest.style-stub.js',
    // qrcode.react ships ESM only: unit tests use a stand-in (the real one is exercised in e2e/).
    '^qrcode\\.react$': '<rootDir>/src/test/qrcode-react-stub.tsx',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
};
