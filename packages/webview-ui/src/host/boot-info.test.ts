// What a host writes into the page: which session, and the parts it turns on (the sessions
// sidebar only with `"sidebar": true`, nothing else turns it on).
import { describe, expect, it } from 'vitest';
import { parseBootInfo } from './boot-info.js';

describe('the boot information', () => {
  it('turns the sessions sidebar on only when the host says true', () => {
    expect(parseBootInfo('{"sessionId":"s1","sidebar":true}')).toEqual({
      ok: true,
      boot: { sessionId: 's1', sidebar: true },
    });
    expect(parseBootInfo('{"workdir":"/w","sidebar":"yes"}')).toEqual({
      ok: true,
      boot: { workdir: '/w' },
    });
    expect(parseBootInfo('{"sessionId":"s1"}')).toEqual({ ok: true, boot: { sessionId: 's1' } });
  });
});
