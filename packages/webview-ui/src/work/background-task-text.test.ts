import type { BackgroundTask } from '@wave-agent/shared-protocol';
import { describe, expect, it } from 'vitest';
import { latestLine, outputSize, runningSummary, taskStatus } from './background-task-text.js';

const task = (fields: Partial<BackgroundTask>): BackgroundTask => ({
  id: 'bash_1',
  command: 'npm run dev',
  status: 'running',
  outputSize: 0,
  tail: '',
  outputPath: '/home/u/.wave/tasks/bash_1.log',
  startedAt: 0,
  ...fields,
});

describe('background commands in words', () => {
  it('says the status with the exit code once it ended', () => {
    expect(taskStatus(task({}))).toBe('running');
    expect(taskStatus(task({ status: 'failed', exitCode: 2 }))).toBe('failed (exit code 2)');
    expect(taskStatus(task({ status: 'killed', exitCode: null }))).toBe('killed (no exit code)');
  });

  it('sizes the output, finds the latest line, and counts what runs', () => {
    expect(outputSize(1500)).toBe('1.5k characters');
    expect(latestLine('ready\nlistening on 4321\n\n')).toBe('listening on 4321');
    expect(latestLine('  \n')).toBeUndefined();
    expect(runningSummary([task({}), task({ status: 'completed', exitCode: 0 })])).toBe(
      '1 background command running',
    );
    expect(runningSummary([])).toBeUndefined();
  });
});
