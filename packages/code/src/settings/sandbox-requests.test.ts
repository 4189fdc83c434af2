import { describe, expect, it } from 'vitest';
import type { LoadedSettings } from './load-settings.js';
import { projectRequests, trustedSettings } from './project-trust.js';
import type { WaveSettings } from './settings-schema.js';
import type { StrongerChoices } from './project-request.js';
import { SandboxSettingSchema } from './sandbox-setting.js';

const SOURCE = '/repo/.wave/settings.json';

function layers(user: WaveSettings, project: WaveSettings): LoadedSettings {
  return {
    user,
    project,
    projectPath: SOURCE,
    projectMcp: { path: '/repo/.mcp.json', servers: {} },
    permissions: [],
    hooks: [],
    env: [],
    mcpApproval: [],
    warnings: [],
  };
}

const NO_FLAGS: StrongerChoices = { env: {} };
const keys = (loaded: LoadedSettings, stronger = NO_FLAGS) =>
  projectRequests(loaded, stronger).map((request) => request.key);

describe("a project's sandbox setting", () => {
  const loosening: WaveSettings = {
    sandbox: { enabled: false, network: true, allowWrite: ['~/.npm'], allowRead: ['~/.aws'] },
  };

  it('asks before it turns the sandbox off, opens the network, or lets commands write or read more', () => {
    expect(keys(layers({ sandbox: { enabled: true } }, loosening))).toEqual([
      'sandbox.enabled=false',
      'sandbox.network=true',
      'sandbox.allowWrite=~/.npm',
      'sandbox.allowRead=~/.aws',
    ]);
  });

  it('untrusted, it may only tighten: the sandbox stays on and closed', () => {
    const settings = trustedSettings(
      layers({ sandbox: { enabled: true } }, loosening),
      [],
      NO_FLAGS,
    );
    expect(settings.sandbox).toEqual({
      enabled: true,
      network: false,
      allowWrite: [],
      allowRead: [],
    });
    // Turning it on and cutting the network need no trust.
    const tighter = trustedSettings(
      layers({ sandbox: { network: true } }, { sandbox: { enabled: true, network: false } }),
      [],
      NO_FLAGS,
    );
    expect(tighter.sandbox).toMatchObject({ enabled: true, network: false });
  });

  it('trusted, what was granted applies', () => {
    const loaded = layers({ sandbox: { enabled: true, allowWrite: ['/cache'] } }, loosening);
    const granted = projectRequests(loaded, NO_FLAGS);
    expect(trustedSettings(loaded, granted, NO_FLAGS).sandbox).toEqual({
      enabled: false,
      network: true,
      allowWrite: ['/cache', '~/.npm'],
      allowRead: ['~/.aws'],
    });
  });

  it('on by default, a project that loosens it or turns it off asks, as over the user\'s own "on"', () => {
    expect(keys(layers({}, loosening), { env: {} })).toEqual([
      'sandbox.enabled=false',
      'sandbox.network=true',
      'sandbox.allowWrite=~/.npm',
      'sandbox.allowRead=~/.aws',
    ]);
  });

  it('asks nothing when the sandbox is off anyway, or the flag decides', () => {
    expect(keys(layers({}, loosening), { env: { WAVE_SANDBOX_DEFAULT: 'off' } })).toEqual([]);
    expect(keys(layers({ sandbox: { enabled: false } }, loosening))).toEqual([]);
    expect(
      keys(layers({ sandbox: { enabled: true } }, loosening), { env: {}, sandbox: false }),
    ).toEqual([]);
    expect(
      keys(layers({ sandbox: { enabled: true } }, { sandbox: { enabled: false } }), {
        env: {},
        sandbox: true,
      }),
    ).toEqual([]);
  });
});

describe('allowUnixSockets', () => {
  it("asks before a project lets commands reach a socket, and reads Claude Code's network.allowUnixSockets", () => {
    const parsed = SandboxSettingSchema.parse({
      network: { allowUnixSockets: ['/run/x.sock'] },
      allowUnixSockets: ['/tmp/.X11-unix'],
    });
    expect(parsed).toEqual({ network: false, allowUnixSockets: ['/tmp/.X11-unix', '/run/x.sock'] });
    const loaded = layers({ sandbox: { enabled: true } }, { sandbox: parsed });
    expect(keys(loaded)).toEqual([
      'sandbox.allowUnixSockets=/tmp/.X11-unix',
      'sandbox.allowUnixSockets=/run/x.sock',
    ]);
    expect(trustedSettings(loaded, [], NO_FLAGS).sandbox).not.toHaveProperty('allowUnixSockets');
    const granted = projectRequests(loaded, NO_FLAGS);
    expect(trustedSettings(loaded, granted, NO_FLAGS).sandbox).toMatchObject({
      allowUnixSockets: ['/tmp/.X11-unix', '/run/x.sock'],
    });
  });
});

describe("Claude Code's sandbox keys", () => {
  it('reads autoAllowBashIfSandboxed, excludedCommands and the filesystem lists', () => {
    expect(
      SandboxSettingSchema.parse({
        enabled: true,
        autoAllowBashIfSandboxed: false,
        excludedCommands: ['docker', 'git push:*'],
        filesystem: { allowWrite: ['~/.cache'], allowRead: ['~/.aws'], denyRead: ['~/x'] },
        network: { allowedDomains: ['registry.npmjs.org'] },
      }),
    ).toEqual({
      enabled: true,
      autoAllow: false,
      excludedCommands: ['docker', 'git push:*'],
      allowWrite: ['~/.cache'],
      allowRead: ['~/.aws'],
      network: false,
    });
  });

  it("asks before a project's excludedCommands run outside the sandbox; asking more needs no trust", () => {
    const project = SandboxSettingSchema.parse({
      excludedCommands: ['docker'],
      autoAllowBashIfSandboxed: false,
    });
    const loaded = layers({ sandbox: { enabled: true } }, { sandbox: project });
    expect(keys(loaded)).toEqual(['sandbox.excludedCommands=docker']);
    const untrusted = trustedSettings(loaded, [], NO_FLAGS).sandbox;
    expect(untrusted).not.toHaveProperty('excludedCommands');
    expect(untrusted).toMatchObject({ autoAllow: false });
    const granted = projectRequests(loaded, NO_FLAGS);
    expect(trustedSettings(loaded, granted, NO_FLAGS).sandbox).toMatchObject({
      excludedCommands: ['docker'],
    });
  });
});
