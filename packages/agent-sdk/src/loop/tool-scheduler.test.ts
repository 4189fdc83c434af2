import { describe, expect, it } from 'vitest';
import { ToolScheduler } from './tool-scheduler.js';

/** A task that records when it starts and finishes only when released. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ToolScheduler', () => {
  it('runs read-only calls together when parallel calls are on', async () => {
    const log: string[] = [];
    const scheduler = new ToolScheduler(true);
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    scheduler.schedule(true, a.run);
    scheduler.schedule(true, b.run);
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b.release();
    a.release();
    await scheduler.settled();
    expect(log).toContain('end a');
  });

  it('runs edits one at a time in call order, after earlier reads, and later reads wait for them', async () => {
    const log: string[] = [];
    const scheduler = new ToolScheduler(true);
    const read1 = gate(log, 'read1');
    const write1 = gate(log, 'write1');
    const write2 = gate(log, 'write2');
    const read2 = gate(log, 'read2');
    scheduler.schedule(true, read1.run);
    scheduler.schedule(false, write1.run);
    scheduler.schedule(false, write2.run);
    scheduler.schedule(true, read2.run);
    await tick();
    expect(log).toEqual(['start read1']);
    read1.release();
    await tick();
    expect(log).toEqual(['start read1', 'end read1', 'start write1']);
    write1.release();
    await tick();
    expect(log.at(-1)).toBe('start write2');
    write2.release();
    await tick();
    expect(log.at(-1)).toBe('start read2');
    read2.release();
    await scheduler.settled();
  });

  it('runs everything serially when parallel calls are off', async () => {
    const log: string[] = [];
    const scheduler = new ToolScheduler(false);
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    scheduler.schedule(true, a.run);
    scheduler.schedule(true, b.run);
    await tick();
    expect(log).toEqual(['start a']);
    a.release();
    await tick();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.release();
    await scheduler.settled();
  });
});
