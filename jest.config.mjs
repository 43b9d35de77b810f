// One jest configuration, one project per kind of test. `npm test` runs them in this order:
// front-end unit tests (jsdom), API tests against the real database, browser tests.
import { REMOTES } from 'contracts';

const frontendTransform = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: {
        jsx: 'react-jsx',
        module: 'commonjs',
        moduleResolution: 'node10',
        ignoreDeprecations: '6.0',
        esModuleInterop: true,
        isolatedModules: true,
        strict: true,
        types: ['jest', '@testing-library/jest-dom', 'node'],
      },
    },
  ],
};

const frontend = (displayName, roots) => ({
  displayName,
  testEnvironment: '<rootDir>/jest.env-dom.cjs',
  roots,
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: frontendTransform,
  moduleNameMapper: {
    '^shared-ui$': '<rootDir>/shared-ui/src/index.ts',
    '^shared-ui/landing$': '<rootDir>/shared-ui/src/landing.ts',
    '^contracts$': '<rootDir>/contracts/src/index.ts',
    // The comment filter's classifier, from its sources (its package's Node build is ESM).
    '^sentiment-classifier$': '<rootDir>/sentiment/src/index.ts',
    // contracts' sources import each other as './x.js' (Node runs its build); here they are TS.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(png|jpe?g|gif|webp|svg|webm)$': '<rootDir>/jest.asset-stub.cjs',
    // Vite's import queries (?url, ?url&no-inline) name the same file.
    '\\.vtt(\\?[\\w&-]+)?$': '<rootDir>/jest.asset-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.ts'],
});

/** @type {import('jest').Config} */
export default {
  // An API app's start or a reading can outlast jest's 5 s on a busy machine (two API test workers
  // share the two cores). Jest takes this only from the global config, not a project's; a test
  // that wants a tighter limit sets its own.
  testTimeout: 20_000,
  projects: [
    // The contracts package's own checks (one home for wire knowledge), in Node.
    {
      displayName: 'contracts',
      testEnvironment: 'node',
      roots: ['<rootDir>/contracts/test'],
      testMatch: ['**/*.test.ts'],
      transform: frontendTransform,
      // The sources import each other as './x.js' (NodeNext); here they are TS.
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    },
    frontend('shared-ui', ['<rootDir>/shared-ui/src']),
    frontend('shell', ['<rootDir>/shell/src']),
    // Each remote's pages get their own tests as they are built; until then the shell's contract
    // test renders every route they export. Every remote of the registry is a root.
    frontend(
      'remotes',
      REMOTES.map((remote) => `<rootDir>/${remote.folder}/src`),
    ),
    // The clients of clients/*, in Node. The Google Sheets add-on: its built bundle run in an
    // Apps Script sandbox (test/apps-script-sandbox.ts), and the sidebar's logic. The comment
    // filter extension: its content script and popup on jsdom (per-file environment), its build.
    {
      displayName: 'clients',
      testEnvironment: 'node',
      roots: ['<rootDir>/clients/sheets-apps-script', '<rootDir>/clients/comment-filter-extension'],
      testMatch: ['**/*.test.ts'],
      transform: frontendTransform,
      moduleNameMapper: {
        '^contracts$': '<rootDir>/contracts/src/index.ts',
        '^sentiment-classifier$': '<rootDir>/sentiment/src/index.ts',
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
    },
    // The comment filter's classifier (sentiment/), in Node; one test bundles it for the browser
    // and runs it where no Node global exists.
    {
      displayName: 'sentiment',
      testEnvironment: 'node',
      roots: ['<rootDir>/sentiment/test'],
      testMatch: ['**/*.test.ts'],
      transform: frontendTransform,
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api/src'],
      testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
      extensionsToTreatAsEsm: ['.ts'],
      moduleNameMapper: {
        '^(\\.{1,2}/.*)\\.js$': '$1',
        '^contracts$': '<rootDir>/contracts/src/index.ts',
        // CommonJS packages that require ES modules, bundled for Jest: see api/test/esm-bundles.mjs.
        '^@nestjs/throttler$': '<rootDir>/node_modules/.cache/jest-esm/@nestjs__throttler.mjs',
        '^sanitize-html$': '<rootDir>/node_modules/.cache/jest-esm/sanitize-html.mjs',
      },
      transform: {
        '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/api/tsconfig.json' }],
      },
      globalSetup: '<rootDir>/api/test/global-setup.mjs',
      globalTeardown: '<rootDir>/api/test/global-teardown.mjs',
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.test.mjs'],
      transform: {},
      globalSetup: '<rootDir>/e2e/support/global-setup.mjs',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.mjs',
    },
  ],
};
