// The boundaries of the parts, and the few style rules a reviewer would otherwise repeat.
//
// The zones, and who may import whom (an arrow is "may import"):
//   common          → nothing of ours (it runs in the browser and in Node)
//   grading         → common                      (the engine never reaches into the server)
//   server/platform → common                      (http, db, jobs, mail, storage: no business rule, no domain)
//   server/domains  → platform, common, grading's contract, and another domain only through its index.ts
//   server (app, registry, main, seed, background jobs) → everything of the server: they put it together
//   web: lib, components → widgets → features → app; a feature never imports another feature
// and nowhere an import cycle.
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const domains = foldersIn('src/server/domains');
const features = foldersIn('src/web/features');

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noNode = { regex: '^node:', message: 'src/common runs in the browser too: no Node modules.' };
const noTestSupport = { group: ['**/tests/support/**', '@test-support/*'], message: 'Production code never imports test helpers.' };

/** A zone of import-x/no-restricted-paths: files under `target` may not import files under `from` (but `except`). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const boundaries = [
  zone('./src/common', './src/server', 'src/common runs on both sides: it imports nothing of the server.'),
  zone('./src/common', './src/grading', 'src/common runs on both sides: it imports nothing of the grading engine.'),
  zone('./src/common', './src/web', 'src/common runs on both sides: it imports nothing of the web.'),
  zone('./src/grading', './src/server', 'The grading engine never imports the server: share through src/common or grading/contract.ts.'),
  zone('./src/grading', './src/web', 'The grading engine never imports the web.'),
  zone('./src/server', './src/web', 'Only the web imports the web: share through src/common.'),
  zone('./src/web', './src/server', 'The web never imports the server: share through src/common.'),
  zone('./src/web', './src/grading', 'The web never imports the grading engine: share through src/common.'),
  zone('./src/server/platform', './src/server/domains', 'The platform owns no business rule: it never imports a domain.'),
  zone('./src/server/platform', './src/grading', 'The platform never imports the grading engine; the server puts the two together.'),
  ...['registry.ts', 'app.ts', 'main.ts', 'seed', 'background-jobs.ts'].map((part) =>
    zone('./src/server/platform', `./src/server/${part}`, 'The platform never imports what puts the server together.'),
  ),
  zone('./src/server/domains', './src/server/seed', 'A domain never imports the seed.'),
  // The server uses the engine through its contract, and the worker's supervisor, only.
  zone('./src/server/domains', './src/grading', 'A domain reaches the grading engine only through grading/contract.ts.', ['./contract.ts']),
  ...domains.map((d) =>
    zone(
      `./src/server/domains/${d}`,
      './src/server/domains',
      `A domain uses another only through its index.ts (src/server/domains/<name>/index.ts), never its files.`,
      [`./${d}`, ...domains.filter((o) => o !== d).map((o) => `./${o}/index.ts`)],
    ),
  ),
  zone('./src/web/lib', './src/web/components', 'src/web/lib is the bottom layer: it imports no component.'),
  ...['lib', 'components'].flatMap((low) =>
    ['widgets', 'features', 'app'].map((high) =>
      zone(`./src/web/${low}`, `./src/web/${high}`, `src/web/${low} sits below ${high}: it never imports it.`),
    ),
  ),
  zone('./src/web/widgets', './src/web/features', 'A widget is embedded by features: it never imports one.'),
  zone('./src/web/widgets', './src/web/app', 'A widget never imports the app.'),
  zone('./src/web/features', './src/web/app', 'A feature never imports the app; what both need lives in src/web/lib.'),
  ...features.map((f) =>
    zone(
      `./src/web/features/${f}`,
      './src/web/features',
      'A feature does not import another feature: share through widgets, components or lib.',
      [`./${f}`],
    ),
  ),
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'data/', 'public/', 'test-results*/', 'playwright-report/', '.start-test-*/', 'docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Which files the import rules read (TypeScript's), and how they resolve our path aliases.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.e2e.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
      // Comments must make sense to a reader of the repository, who cannot open our spec or tracker:
      // no spec section signs and no tracker numbers; say the rule in words.
      'no-warning-comments': ['error', { terms: ['§', 'issue', 'issues'], location: 'anywhere' }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
  // Tests may assemble what they check from anywhere (the seed, the app, another domain's parts); what ships may not.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; the React Compiler's rules wait until the app uses the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Test helpers live under tests/support; what ships never imports them.
  { files: ['src/**/*.{ts,tsx}'], ignores: ['**/*.test.ts', '**/*.test.tsx'], rules: restrict(noTestSupport) },
  { files: ['src/common/**/*.ts'], rules: restrict(noNode) },
);
