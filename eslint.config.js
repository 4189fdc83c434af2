// One lint config for the workspace: type-aware rules for every project.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const projectDirs = ['packages', 'tools'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(group, name)),
);

// A package never imports itself by its published name: inside it, use a relative path.
function restrictedImports(name, more = [], morePatterns = []) {
  return [
    'error',
    {
      paths: [
        { name, message: 'A package must not import itself by name; use a relative path.' },
        ...more,
      ],
      patterns: [
        { group: [`${name}/*`], message: 'A package must not import itself by name.' },
        ...morePatterns,
      ],
    },
  ];
}

const packageNames = new Map(
  projectDirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => [dir, JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name]),
);

const selfImportBlocks = [...packageNames].map(([dir, name]) => ({
  files: [`${dir}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': restrictedImports(name) },
}));

// The terminal UI talks to Wave only through @wave-agent/client, the API every host uses (a
// webview, an editor): never to the SDK behind it. (Flat config keeps the last setting of a rule,
// so this block repeats the package's own restriction.)
const uiPortBlock = {
  files: ['packages/code/src/ui/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': restrictedImports(packageNames.get('packages/code'), [
      {
        name: '@wave-agent/agent-sdk',
        message:
          'The terminal UI uses @wave-agent/client (its port), not the SDK: add what it needs to the client or the protocol.',
      },
    ]),
  },
};

// The other ways to run Wave (ACP, print, --stdio, web) and the command logic they share with the
// terminal never reach into the terminal UI: what two UIs share lives outside `ui/` (a slash
// command's logic in `src/commands/`, ARCHITECTURE "Slash commands").
const notTheTerminalBlock = {
  files: ['packages/code/src/{acp,print,stdio,web,commands,settings}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': restrictedImports(
      packageNames.get('packages/code'),
      [],
      [
        {
          group: ['**/ui/*', '**/ui/**', '**/ui'],
          message:
            "Only the terminal uses ui/: move what both need to a neutral room (src/commands/ for a slash command's logic).",
        },
      ],
    ),
  },
};

// Only the Agent (which owns its parts) and a server session (which hands a group of handlers
// the parts it names, `sessionParts`) take the whole bag of an agent's parts: every other part is
// built from the few it uses (ARCHITECTURE §5). (The block repeats the package's own restriction.)
const wholePartsBlock = {
  files: ['packages/agent-sdk/src/**/*.ts'],
  ignores: [
    '**/*.test.ts',
    'packages/agent-sdk/src/agent.ts',
    'packages/agent-sdk/src/server/server-session.ts',
  ],
  rules: {
    'no-restricted-imports': restrictedImports(
      packageNames.get('packages/agent-sdk'),
      [],
      [
        {
          group: ['**/agent-parts.js'],
          importNames: ['partsOf', 'registerParts'],
          message:
            "A part gets the parts it uses, not the whole bag: a handler group names them with sessionParts (server/method-context.ts); a part's constructor takes a Pick of AgentParts.",
        },
      ],
    ),
  },
};

// Product code never imports a test kit (a `test-support/` folder, a `test-kit.ts`) or a tool of
// the repository (mock-llm, bench, contract-tests): the builds leave the kits out
// (tsconfig.build.json), and nothing the user runs may need them. And it keeps one `isRecord`, one
// `errorCode` and one error-to-text helper (shared-protocol's `values/`) instead of local copies. (Written with
// no-restricted-syntax, so the no-restricted-imports blocks stay as they are.)
const KIT = String.raw`/(^|\/)(test-support|test-kit)(\/|\.|$)|^@wave-agent\/(mock-llm|bench|contract-tests)(\/|$)/`;
const kitMessage = 'Product code never imports a test kit or a repository tool; only tests do.';
// `typeof v === 'object' && v !== null && !Array.isArray(v)`, its parts in any order.
const RECORD_CHECK =
  "LogicalExpression[operator='&&'][right.operator='!'][right.argument.callee.object.name='Array'][right.argument.callee.property.name='isArray']:has(BinaryExpression[left.operator='typeof'][right.value='object'])";
// `'code' in error` and `Reflect.get(error, 'code')`.
const ERROR_CODE_READS = [
  "BinaryExpression[operator='in'][left.value='code']",
  "CallExpression[callee.object.name='Reflect'][callee.property.name='get'][arguments.1.value='code']",
];
const productSourceBlock = {
  files: ['packages/*/src/**/*.{ts,tsx}'],
  ignores: [
    '**/*.test.{ts,tsx}',
    '**/test-support/**',
    '**/test-kit.ts',
    'packages/shared-protocol/src/values/is-record.ts',
    'packages/shared-protocol/src/values/error-code.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...[
        'ImportDeclaration',
        'ImportExpression',
        'ExportNamedDeclaration',
        'ExportAllDeclaration',
      ].map((node) => ({ selector: `${node}[source.value=${KIT}]`, message: kitMessage })),
      // A record check or an error-code read is caught by its shape, whatever the copy is named.
      {
        selector: RECORD_CHECK,
        message: "Use shared-protocol's isRecord (values/is-record.ts) instead of a copy.",
      },
      ...ERROR_CODE_READS.map((selector) => ({
        selector,
        message: "Use shared-protocol's errorCode(error) (values/error-code.ts) instead of a copy.",
      })),
      {
        selector:
          "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message'][alternate.callee.name='String']",
        message: "Use shared-protocol's errorText(error) (values/error-text.ts) instead.",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unsafe-type-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests may cast fixtures; product code may not.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/vitest.config.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-type-assertion': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  ...selfImportBlocks,
  uiPortBlock,
  notTheTerminalBlock,
  wholePartsBlock,
  productSourceBlock,
  {
    // The webview runs in a browser (and in VS Code and Electron renderers): no Node, and no agent
    // — it reaches Wave only through @wave-agent/client (DESIGN §1).
    files: ['packages/webview-ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The webview runs in a browser: no Node modules.' },
            {
              group: [
                '@wave-agent/agent-sdk',
                '@wave-agent/agent-sdk/*',
                '@wave-agent/client/node',
              ],
              message:
                'The webview reaches Wave only through @wave-agent/client (its browser entry).',
            },
            {
              group: ['@wave-agent/webview-ui', '@wave-agent/webview-ui/*'],
              message: 'A package must not import itself by name.',
            },
          ],
        },
      ],
    },
  },
);
