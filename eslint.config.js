import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.netlify', 'test-results', 'playwright-report', '.tmp', 'docs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Patterns run on request text: no pattern may backtrack super-linearly, within one match or
  // while moving across the input (a 64 KB body must never cost seconds).
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The site never reaches into server code; only domain/ is shared (see the README's code layout).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/netlify/**'], message: 'The site may import domain/ only, never server code.' }] },
      ],
    },
  },
  {
    files: ['netlify/**/*.ts', 'domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', 'react', 'react-dom', 'react-router-dom'], message: 'Server and domain code never import site code.' },
          ],
        },
      ],
    },
  },
)
