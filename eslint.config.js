import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The layers, by folder (docs/architecture.md). */
export const LAYER_SETTINGS = {
  'boundaries/elements': [
    { type: 'domain', pattern: 'domain/**', partialMatch: false },
    { type: 'shared', pattern: ['src/components/**', 'src/lib/**'], partialMatch: false },
    { type: 'feature', pattern: 'src/features/*/**', partialMatch: false, capture: ['feature'] },
    { type: 'page', pattern: 'src/pages/**', partialMatch: false },
    { type: 'app', pattern: 'src/app/**', partialMatch: false },
    { type: 'site-support', pattern: ['src/testing/**', 'src/styles/**', 'src/assets/**'], partialMatch: false },
    { type: 'server', pattern: 'netlify/**', partialMatch: false },
    { type: 'build', pattern: 'build/**', partialMatch: false },
    { type: 'scripts', pattern: 'scripts/**', partialMatch: false },
    { type: 'tests', pattern: 'tests/**', partialMatch: false },
    // The site's entries (src/main.tsx, src/entry-server.tsx), which the patterns above leave: the app.
    { type: 'app', pattern: 'src', partialMatch: false },
  ],
  // Aliases (#lib/..., #domain/...) name files with their extension; relative imports without it.
  'import/resolver': { './build/eslint-import-aliases.cjs': {}, node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
}

const SITE = ['shared', 'feature', 'page', 'app', 'site-support']
const to = (types) => ({ to: { element: { types: { anyOf: types } } } })

export const LAYER_RULES = {
  default: 'allow',
  policies: [
    {
      from: { element: { type: 'domain' } },
      disallow: to([...SITE, 'server', 'scripts', 'tests']),
      message: 'domain/ is shared by the site, the functions and the scripts: it imports only domain/.',
    },
    {
      from: { element: { type: 'shared' } },
      disallow: to(['feature', 'page', 'app']),
      message: 'Shared code (src/components, src/lib) never imports a feature, a page or the app.',
    },
    {
      from: { element: { type: 'feature' } },
      disallow: to(['page', 'app']),
      message: 'A feature never imports a page or the app: pages compose features.',
    },
    {
      from: { element: { type: 'page' } },
      disallow: to(['app']),
      message: 'A page never imports the app: the app routes to pages.',
    },
    {
      from: { element: { types: { anyOf: SITE } } },
      disallow: to(['server', 'scripts', 'tests']),
      message: 'The site never imports server code (netlify/), scripts or tests; only domain/ is shared.',
    },
    {
      from: { element: { type: 'server' } },
      disallow: to(SITE),
      message: 'The server reaches the site only through #app-renderer (src/entry-server.tsx); other shared code lives in domain/.',
    },
  ],
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.netlify',
      'test-results',
      'playwright-report',
      '.tmp',
      'docs',
      // Deliberate layer violations, linted only by tests/functions/layers.test.ts.
      'tests/lint-fixtures',
    ],
  },
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
    },
  },
  {
    files: ['netlify/**/*.ts', 'domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Which folders may import which is the layer rule's (boundaries/dependencies, below).
            { group: ['react', 'react-dom', 'react-router-dom'], message: "Server and domain code never import the site's libraries." },
          ],
        },
      ],
    },
  },
  // The layers (docs/architecture.md, Layers): who may import whom. Each rule names what a layer
  // must never import; anything not named is allowed (scripts and tests may import what they need).
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { boundaries },
    settings: LAYER_SETTINGS,
    rules: { 'boundaries/dependencies': ['error', LAYER_RULES] },
  },
)
