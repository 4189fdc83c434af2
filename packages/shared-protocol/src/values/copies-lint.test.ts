// The workspace lint config refuses a local copy of isRecord or errorCode by its shape, whatever
// it is named: the real config's selectors run here on planted copies.
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const CONFIG = new URL('../../../../eslint.config.js', import.meta.url).href;

/** The rules the config gives a product source file (the last block wins, as ESLint's does). */
async function productRules(): Promise<Linter.RulesRecord> {
  const loaded: { default: Linter.Config[] } = await import(CONFIG);
  const block = loaded.default.findLast(
    (entry) =>
      entry.files?.includes('packages/*/src/**/*.{ts,tsx}') &&
      entry.rules?.['no-restricted-syntax'] !== undefined,
  );
  const rule = block?.rules?.['no-restricted-syntax'];
  if (!rule)
    throw new Error('eslint.config.js has no no-restricted-syntax block for product sources');
  return { 'no-restricted-syntax': rule };
}

async function lint(code: string): Promise<string[]> {
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      rules: await productRules(),
    },
  ];
  return linter.verify(code, config, 'planted.ts').map((message) => message.message);
}

const RECORD = "Use shared-protocol's isRecord (values/is-record.ts) instead of a copy.";
const CODE = "Use shared-protocol's errorCode(error) (values/error-code.ts) instead of a copy.";

describe('the lint rule against local copies', () => {
  it('catches a record check under any name and in any order', async () => {
    expect(
      await lint(`export function isPlainObject(value: unknown): boolean {
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      }`),
    ).toEqual([RECORD]);
    expect(
      await lint(`export const looks = (json: unknown) =>
        !!json && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length > 0;`),
    ).toEqual([RECORD]);
  });

  it("catches an error's code read under any name", async () => {
    expect(
      await lint(`export function codeOf(error: unknown): unknown {
        return error instanceof Error && 'code' in error ? error.code : undefined;
      }
      export const viaReflect = (error: object): unknown => Reflect.get(error, 'code');`),
    ).toEqual([CODE, CODE]);
  });

  it('lets the shared helpers be used, and other checks pass', async () => {
    expect(
      await lint(`import { errorCode, isRecord } from '@wave-agent/shared-protocol';
      export const ok = (value: unknown, error: unknown) =>
        isRecord(value) && errorCode(error) === 'ENOENT' && typeof value === 'object' && Array.isArray([]);`),
    ).toEqual([]);
  });
});
