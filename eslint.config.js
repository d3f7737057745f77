// One linter for the whole tree; prettier owns formatting (run by `npm run lint` too).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const deepRelative = {
  group: ['../../../*'],
  message: 'Deep relative imports: import from the package (@portal/contract/...) or restructure.',
};
const contractSource = {
  group: ['@portal/contract/src/*'],
  message: 'Import contract files as @portal/contract/<file>.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': ['error', { patterns: [deepRelative, contractSource] }],
    },
  },
  {
    // A screen in a feature's sub-folder (features/hr/schedule/) imports the web platform from the
    // file that defines it (../../../platform/api.ts): no barrel re-exports it one level up.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./){3}(?!platform/)', message: deepRelative.message },
            contractSource,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
