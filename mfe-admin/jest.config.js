/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  // antd forms and modals render slowly in jsdom on a 2-core machine.
  testTimeout: 30000,
  roots: ['<rootDir>/src'],
  // The jsdom set-up shared by the client packages, then what antd needs (jest.setup.ts).
  setupFilesAfterEnv: [
    '@testing-library/jest-dom',
    require.resolve('@cloudclip/shared-kernel/testing/jsdom-setup.ts'),
    '<rootDir>/jest.setup.ts',
  ],
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
};
