// Preloaded into a child wave (node --require …) by the tests of what a user sees when Wave
// meets an error it knows nothing of, i.e. a bug; there is none to provoke honestly, so this
// stands in for one. statSync of a path that holds "wave-injected-fault" throws a TypeError, from
// inside whichever of Wave's functions asked. On SIGUSR2: an error escapes to the event loop,
// thrown (WAVE_FAULT=exception) or rejected (WAVE_FAULT=rejection) with no one to catch it; or
// (WAVE_FAULT=render) os.homedir throws from then on, which the terminal UI's status line calls
// as it renders.
const fs = require('node:fs');
const os = require('node:os');
const { syncBuiltinESMExports } = require('node:module');

const statSync = fs.statSync;
fs.statSync = function (path, ...rest) {
  if (String(path).includes('wave-injected-fault'))
    throw new TypeError('injected fault standing in for a bug');
  return statSync.call(this, path, ...rest);
};
// The bundle imports node:fs as an ES module: its named exports follow the patched object.
syncBuiltinESMExports();

process.on('SIGUSR2', () => {
  if (process.env.WAVE_FAULT === 'render') {
    os.homedir = () => {
      throw new TypeError('injected fault in a render');
    };
    syncBuiltinESMExports();
    return;
  }
  const error = new TypeError('injected fault escaping to the event loop');
  if (process.env.WAVE_FAULT === 'rejection') void Promise.reject(error);
  else
    setImmediate(() => {
      throw error;
    });
});
