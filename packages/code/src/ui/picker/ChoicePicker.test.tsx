// Keys that arrive together (a paste, a slow machine, a fast typist): each one acts on what the
// keys before it did, not on the highlight of the frame last drawn.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { settle } from '../../test-support/ink-frames.js';
import { ChoicePicker } from './ChoicePicker.js';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

const SPEC = {
  title: 'Which?',
  items: [{ label: 'alpha' }, { label: 'beta' }, { label: 'gamma' }],
};

function mount() {
  const chosen: number[] = [];
  const rendered = render(
    <ChoicePicker
      spec={SPEC}
      columns={60}
      onChoose={(index) => chosen.push(index)}
      onCancel={() => chosen.push(-1)}
      isActive
    />,
  );
  unmount = rendered.unmount;
  return { stdin: rendered.stdin, chosen };
}

describe('ChoicePicker', () => {
  it('chooses the item the keys before Enter moved to, when they arrive in one read', async () => {
    const { stdin, chosen } = mount();
    await settle();
    stdin.write('\u001b[B\u001b[B\r');
    await settle();
    expect(chosen).toEqual([2]);
  });

  it('moves from where the previous key left the highlight', async () => {
    const { stdin, chosen } = mount();
    await settle();
    stdin.write('3\u001b[A');
    await settle();
    stdin.write('\r');
    await settle();
    expect(chosen).toEqual([1]);
  });
});
