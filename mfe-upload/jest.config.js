const { createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

module.exports = createJestConfig({
  // qrcode.react ships ESM only: unit tests use a stand-in (the real one is exercised in e2e/).
  moduleNameMapper: { '^qrcode\\.react$': '<rootDir>/src/test/qrcode-react-stub.tsx' },
});
