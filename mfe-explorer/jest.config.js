const { createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

module.exports = createJestConfig({
  // ESM-only browser bundles of the lazily loaded previews: unit tests use stand-ins (e2e runs the real ones).
  moduleNameMapper: {
    '^cloudclip-bytemd-processor$': '<rootDir>/src/test/stubs/bytemd-processor.ts',
    '^@bytemd/plugin-[a-z]+$': '<rootDir>/src/test/stubs/bytemd-plugin.ts',
    '^qrcode\\.react$': '<rootDir>/src/test/stubs/qrcode-react.tsx',
  },
});
