// One flat config for the whole monorepo, with type-aware rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      '.tools/**',
      '**/__mf__temp/**',
      '**/.__mf__temp/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Nest takes option objects typed as classes; literals are how its docs use them.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
      ],
    },
  },
  {
    // The front ends' types from one program (tsconfig.frontends.json, as `npm run typecheck`),
    // not one per workspace that each reads shared-ui, React and the DOM again: 44 s → 29 s of
    // CPU for their files here. Not the one-shot program the CLI would infer: that one reads each
    // file from disk, so text given on stdin (carry-lint.test.ts, editors) would be ignored.
    files: [
      'shared-ui/src/**/*.{ts,tsx}',
      'shell/src/**/*.{ts,tsx}',
      'shell/*.ts',
      'mfe-*/src/**/*.{ts,tsx}',
      'mfe-*/vite.config.ts',
    ],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tsconfig.frontends.json',
        disallowAutomaticSingleRunInference: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Code reads typed configuration; only the configuration loader and the entry point see env.
    files: ['api/src/**/*.ts'],
    ignores: [
      'api/src/**/main.ts',
      'api/src/cli/**',
      'api/src/**/*.e2e-spec.ts',
      'api/src/config/**',
      'api/src/**/*.spec.ts',
      'api/src/testing/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read AppConfig, not process.env.' },
      ],
    },
  },
  {
    // Module boundaries in the API: modules call each other's services. The extraction engine
    // is reached through its front door (engine/index.ts), never its internals; no module
    // imports another's repository or schemas; the support CLI uses data modules and services.
    files: ['api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*', '!**/engine/index.js', '!./*'],
              message: "Import the extraction engine from its front door, 'engine/index.js'.",
            },
            {
              group: ['../*/*.repository.js', '**/modules/*/*.repository.js'],
              message: "Call the other module's service, not its repository.",
            },
            {
              group: ['../*/schemas/*', '**/modules/*/schemas/*'],
              message: "Another module's schemas are its own: import its module or service.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every error a person can see comes from its domain's catalogue (*.errors.ts, errors.ts,
    // http-errors.ts), whose codes are typed by the contracts package.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*errors.ts', 'api/src/**/*.spec.ts', 'api/src/**/*.e2e-spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
        {
          selector: 'NewExpression[callee.name=/^(DomainError|ExtractionError)$/]',
          message: "Add the error to its domain's catalogue (*.errors.ts) and throw it from there.",
        },
        {
          selector: 'ClassDeclaration[superClass.name=/^(DomainError|ExtractionError)$/]',
          message: "Add the error to its domain's catalogue (*.errors.ts) and throw it from there.",
        },
      ],
    },
  },
  {
    // A remote's features do not import each other: pages compose them, and what two features
    // share lives in the remote's src/common/ or in shared-ui. Files directly in a feature's
    // folder may not climb into a sibling folder; files one folder deeper may not climb two.
    files: ['mfe-*/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/|^(\\.\\./)+features/',
              message:
                "Features don't import each other: compose them in src/pages/, share through src/common/ or shared-ui.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mfe-*/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.)[^/]+/|^(\\.\\./)+features/',
              message:
                "Features don't import each other: compose them in src/pages/, share through src/common/ or shared-ui.",
            },
          ],
        },
      ],
    },
  },
  {
    // Spec §2: every internal navigation carries aff (and sourceId/linkId/tenantId, the add-on's
    // query). shared-ui's CarryLink / useCarryingNavigate do it, so they are the one way to link
    // to a page of the site: a raw <a href="/…"> or the router's Link/NavLink would drop them.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}'],
    ignores: ['shared-ui/src/links/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
        ...[
          "JSXOpeningElement[name.name='a'] > JSXAttribute[name.name='href'] > Literal[value=/^\\/(?!\\/)/]",
          "JSXOpeningElement[name.name='a'] > JSXAttribute[name.name='href'] > JSXExpressionContainer > Literal[value=/^\\/(?!\\/)/]",
          "JSXOpeningElement[name.name='a'] > JSXAttribute[name.name='href'] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(?!\\/)/]",
        ].map((selector) => ({
          selector,
          message: "Link to a page of the site with shared-ui's CarryLink (it carries aff).",
        })),
        {
          selector:
            "ImportDeclaration[source.value='react-router-dom'] > ImportSpecifier[imported.name=/^(Link|NavLink|useNavigate)$/]",
          message:
            "Use shared-ui's CarryLink / useCarryingNavigate: the router's own drop the carried parameters.",
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Served as it is to the browser, a classic script (scripts/lib/prerendered-pages.mjs).
    files: ['shell/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['e2e/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
);
