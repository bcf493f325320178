const { createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

module.exports = createJestConfig({
  // The Markdown pipeline and the editor are ESM-only browser bundles: unit tests use small stand-ins
  // (the real pipeline is exercised end to end in e2e/, XSS payloads included).
  moduleNameMapper: {
    '^cloudclip-bytemd-processor$': '<rootDir>/src/test/stubs/bytemd-processor.ts',
    '^cloudclip-rehype-raw$': '<rootDir>/src/test/stubs/rehype-raw.ts',
    '^@bytemd/react$': '<rootDir>/src/test/stubs/bytemd-react.tsx',
    '^@bytemd/plugin-[a-z]+$': '<rootDir>/src/test/stubs/bytemd-plugin.ts',
    '^(bytemd|@bytemd/plugin-[a-z]+)/locales/.*\\.json$': '<rootDir>/src/test/stubs/empty-json.ts',
    '^qrcode\\.react$': '<rootDir>/src/test/stubs/qrcode-react.tsx',
  },
});
