// The linter holds the architecture: what a rule here forbids is a design decision, not a style preference.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Product families of the partner API. A family never imports another: what two share moves to the core or libs. */
const FAMILIES = ['motor', 'property', 'tpl', 'life', 'horse', 'medical', 'travel'];
const familyRoot = (family) => `apps/api/src/products/${family}`;

/** One policy status vocabulary (apps/api/src/policies/policy-status.ts): no family compares or writes a bare status number. */
const NO_BARE_POLICY_STATUS = [
  {
    selector: "BinaryExpression[operator=/^[!=]==$/][left.property.name='status'][right.raw=/^[0-3]$/]",
    message: 'Compare with PolicyStatus (policies/policy-status.ts), not a bare number.',
  },
];

function crossFamilyRule(family) {
  const others = FAMILIES.filter((f) => f !== family);
  return {
    files: [`${familyRoot(family)}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((f) => [`**/${f}/*`, `**/${f}/**`]),
              message: `A product family never imports another (this is ${family}): move what both need to the policy core, the platform or libs/.`,
            },
          ],
        },
      ],
    },
  };
}

/** The platform, the policy core, payments and webhooks reach a family only through the product port; the app module alone wires the families in. */
const PRODUCT_PORT = {
  group: ['**/products/*', '**/products/**'],
  message: 'Only a product family knows itself: the core and the platform reach it through the product port (policies/policy-product.ts).',
};

/** The platform (auth, files, admin, OpenAPI, sandbox tools) is the bottom app layer: everything else builds on it. */
const ABOVE_PLATFORM = {
  group: ['**/policies/*', '**/policies/**', '**/payments/*', '**/payments/**', '**/webhooks/*', '**/webhooks/**'],
  message:
    'The platform imports nothing above it (policies/, payments/, webhooks/, products/): move the shared vocabulary down into platform/ or libs/, or let the upper layer hand it in (a port class it provides, a token, a parameter from bootstrap).',
};

/** Payments sits below the policy core (cancellation owes refunds through it); the core reaches down, never the reverse. */
const POLICY_CORE_FROM_PAYMENTS = {
  group: ['**/policies/*', '**/policies/**'],
  message:
    'Payments never imports the policy core (policies/ imports payments/): move the shared vocabulary down into payments/ or libs/, or reach the core through a port payments defines and the core provides (PolicyActivators in payments/policy-activators.ts).',
};

/** Classes of the core and the platform that their own module provides and exports (see the family-modules block). */
const CORE_PROVIDERS = [
  'CancelPolicyUseCase',
  'ProductClaimIntake',
  'ClaimsService',
  'ClaimRepository',
  'DocumentFiles',
  'FileStore',
  'PaymentRepository',
  'Refunds',
  'PolicyProducts',
  'DashboardMetrics',
];

/**
 * Database access only in `*.repository.ts` (docs/architecture.md "Database access"): the handles that reach the
 * database (PrismaService, the DATABASE token and its Database, plain SQL) are imported by repositories alone; the
 * rest depends on a repository. Their types too: a function given a handle as a parameter queries on it, so SQL
 * helpers shared by repositories are repositories themselves. The `Prisma` namespace stays free (types such as
 * Prisma.TransactionClient, error classes): a service hands the transaction client it is given on to a repository
 * method and queries nothing on it.
 */
const DB_HANDLES = ['PrismaService', 'DATABASE', 'Database', 'SqlDatabase', 'SqlTarget', 'SqlQuery', 'prismaSql', 'openDatabase'];
const DB_ACCESS_MESSAGE =
  'Database access only in a *.repository.ts: move the query into the repository of what it stores (docs/architecture.md "Database access").';
const RAW_SQL = ['$queryRaw', '$queryRawUnsafe', '$executeRaw', '$executeRawUnsafe', '$transaction'];

function layerRule(root, patterns) {
  return { files: [`${root}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'libs/db/src/generated/**',
      'packages/sdk/src/schema.ts',
      'packages/sdk/dist/**',
      'apps/admin/dist/**',
      'apps/portal/dist/**',
      'apps/embed/dist/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },

  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Async mistakes lose errors and money: every promise is awaited, returned or explicitly voided.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // A new status or product must be handled everywhere a switch decides on it.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A variable a closure reads before its one assignment (a timer set after its handler) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The console and the portal: hooks in render order only, effects with their real dependencies.
    files: ['apps/admin/src/**/*.{ts,tsx}', 'apps/portal/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // libs/common's helpers run per amount and per item on hot paths: its barrel names each export (see its header).
    files: ['libs/common/src/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Name each export: a star re-export compiles to a keyed getter that every call pays for.' },
      ],
    },
  },
  ...FAMILIES.map(crossFamilyRule),
  // The layers, bottom up: libs/, the platform, payments, the policy core and webhooks, the product families; the
  // app module and bootstrap wire them. A layer imports only what is below it (docs/architecture.md "Layers").
  // One no-restricted-imports per folder: flat config does not merge a rule's options across blocks.
  layerRule('apps/api/src/platform', [PRODUCT_PORT, ABOVE_PLATFORM]),
  layerRule('apps/api/src/payments', [PRODUCT_PORT, POLICY_CORE_FROM_PAYMENTS]),
  layerRule('apps/api/src/policies', [PRODUCT_PORT]),
  layerRule('apps/api/src/webhooks', [PRODUCT_PORT]),
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_BARE_POLICY_STATUS] },
  },
  {
    // The core's services are provided once, by the module that owns them; a family imports that module. Listed
    // again in a family's providers, a class becomes a second instance with its own state (and its deps to satisfy).
    files: ['apps/api/src/products/**/*.module.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Property[key.name='providers'] > ArrayExpression > Identifier[name=/^(${CORE_PROVIDERS.join('|')})$/]`,
          message:
            "A family module does not provide the core's classes: import the module that provides them once (PolicyCancellationModule, ClaimsModule, FilesModule, PaymentsModule, PolicyConsoleModule; PoliciesModule is global).",
        },
        ...NO_BARE_POLICY_STATUS,
      ],
    },
  },
  {
    // Controllers stay thin: they call a use case or service; queries live in repositories.
    files: ['apps/api/src/**/*.controller.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Identifier[name="PrismaService"]', message: 'No Prisma in controllers: put the query in a repository.' },
        { selector: 'Identifier[name="SqlDatabase"]', message: 'No SQL in controllers: put the query in a repository.' },
        ...NO_BARE_POLICY_STATUS,
      ],
    },
  },
  {
    // Database access only in repositories. libs/db provides the handles; bootstrap, the app module (which hands the
    // opened database to DatabaseModule), the OpenAPI export and the CLI open or wire the database.
    files: ['apps/api/src/**/*.ts', 'apps/sandbox/src/**/*.ts', 'libs/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.spec.ts',
      'libs/db/**',
      'apps/api/src/bootstrap.ts',
      'apps/api/src/app.module.ts',
      'apps/api/src/openapi-export.ts',
      'apps/api/src/platform/cli/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@lib/db', importNames: DB_HANDLES, message: DB_ACCESS_MESSAGE }] },
      ],
      'no-restricted-properties': ['error', ...RAW_SQL.map((property) => ({ property, message: DB_ACCESS_MESSAGE }))],
    },
  },
  {
    // Tests, the CLI, the bench and the sandbox print and wire things up freely.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'apps/api/src/platform/cli/**/*.ts', 'apps/sandbox/**/*.ts', '**/*.spec.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
