import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = path.join(import.meta.dirname, 'apps/web/src');

/** Where an import of the web app points, as a path under apps/web/src (null: a package). */
function webTarget(fromFile, specifier) {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(webSrc, path.resolve(path.dirname(fromFile), specifier))
    .split(path.sep)
    .join('/');
}

/**
 * The web's layers (DESIGN.md): app/ composes features; a feature never imports another feature
 * (shared things move down to components/ or lib/); components/ and lib/ import neither. Imports
 * are resolved (relative or `@/`), so every spelling of a path is caught.
 */
const webBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherFeature:
        'features/{{from}} imports features/{{to}}: a feature does not import another feature; move what they share to components/ or lib/.',
      upward:
        '{{from}} imports {{to}}: imports point down (app/ -> features/ -> components/, lib/).',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(webSrc, context.filename).split(path.sep).join('/');
    if (file.startsWith('..')) return {};
    const [layer, feature] = file.split('/');
    const check = (node) => {
      const specifier = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string') return;
      const target = webTarget(context.filename, specifier);
      if (!target || target.startsWith('..')) return;
      const [toLayer, toFeature] = target.split('/');
      if (layer === 'features' && toLayer === 'features' && toFeature !== feature) {
        context.report({
          node: node.source,
          messageId: 'otherFeature',
          data: { from: feature, to: toFeature },
        });
      } else if (layer === 'features' && toLayer === 'app') {
        context.report({
          node: node.source,
          messageId: 'upward',
          data: { from: `features/${feature}`, to: 'app/' },
        });
      } else if (
        (layer === 'components' || layer === 'lib') &&
        (toLayer === 'features' || toLayer === 'app')
      ) {
        context.report({
          node: node.source,
          messageId: 'upward',
          data: { from: `${layer}/`, to: `${toLayer}/` },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, tavola: { rules: { 'web-boundaries': webBoundaries } } },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, 'tavola/web-boundaries': 'error' },
  },
  {
    // Configuration is parsed once, from the environment, in the server's config module; the web
    // reads import.meta.env. Test set-up and tooling (tests, the test harness) may read it too.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.{ts,tsx}', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration from the config module (apps/server/src/config.ts), not process.env.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['process', 'node:process'].map((name) => ({
            name,
            importNames: ['env'],
            message: 'Read configuration from the config module (apps/server/src/config.ts).',
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Benchmarks run some code inside the browser page.
    files: ['bench/**/*.mjs', 'scripts/screenshots.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
