// tools/mock-llm in its own process, so the benchmark's CPU figures count Wave's work only.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '@wave-agent/mock-llm';

const mockLlmCli = resolve(dirname(fileURLToPath(import.meta.url)), '../../mock-llm/src/cli.ts');
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

export interface MockLlmProcess {
  readonly url: string;
  close(): Promise<void>;
}

export async function startMockLlmProcess(scenario: Scenario): Promise<MockLlmProcess> {
  const file = join(mkdtempSync(join(tmpdir(), 'wave-bench-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(scenario));
  const child = spawn(process.execPath, ['--import', tsxLoader, mockLlmCli, '--scenario', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('mock-llm did not start within 20 s')), 20_000);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (data: string) => {
      out += data;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`mock-llm exited with code ${code} before listening`)),
    );
  });
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
