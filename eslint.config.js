// The boundaries of the three parts, and the few style rules a reviewer would otherwise repeat.
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web features may use one another only through these shared ones: each is a capability several
// screens build on (reporting learning events, the media helpers, practice exercises), not a screen of its own.
const SHARED_FEATURES = ['learning-events', 'media-helpers', 'practice', 'quizzes'];
const features = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noServer = { group: ['**/server/**', '@server/*'], message: 'The web never imports the server: share through src/common.' };
const noWeb = { group: ['**/web/**', '@web/*'], message: 'Only the web imports the web: share through src/common.' };
const noTestSupport = { group: ['**/tests/support/**', '@test-support/*'], message: 'Production code never imports test helpers.' };
const noNode = { regex: '^node:', message: 'src/common runs in the browser too: no Node modules.' };

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'data/', 'public/', 'test-results*/', 'playwright-report/', '.start-test-*/', 'docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
      // Comments must make sense to a reader of the repository, who cannot open our spec or tracker:
      // no spec section signs and no tracker numbers; say the rule in words.
      'no-warning-comments': ['error', { terms: ['§', 'issue', 'issues'], location: 'anywhere' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; the React Compiler's rules wait until the app uses the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn', ...restrict(noServer) },
  },
  ...features
    .filter((feature) => !SHARED_FEATURES.includes(feature))
    .map((feature) => ({
      files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
      rules: restrict(
        noServer,
        { regex: '^\\.\\./\\.\\./', message: 'Reach other folders through @web/…; relative imports stay inside the feature.' },
        {
          regex: `^@web/features/(?!(${[feature, ...SHARED_FEATURES].join('|')})(/|$))`,
          message: `A feature does not import another feature; only ${SHARED_FEATURES.join(' and ')} are shared (eslint.config.js).`,
        },
      ),
    })),
  { files: ['src/server/**/*.ts'], rules: restrict(noWeb) },
  // Test helpers live under tests/support; what ships never imports them.
  { files: ['src/server/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(noWeb, noTestSupport) },
  { files: ['src/common/**/*.ts'], rules: restrict(noWeb, noServer, noNode) },
);
