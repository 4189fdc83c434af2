// A project's permission rules and workspace trust. Deny and ask rules only make Wave more
// careful, so they hold from every file whether or not the folder is trusted. What lets the
// agent do more waits for trust, one request each: an allow rule (`permissions.allow=Bash(npm
// test)`), an additional directory, and a defaultMode above the user's own. The user's file and
// whatever the user granted count as they are.
import { isProjectSection, readPermissionSettings } from '@wave-agent/agent-sdk';
import type { ProjectRequest, SettingsSection } from '@wave-agent/agent-sdk';
import type { PermissionMode } from '@wave-agent/shared-protocol';
import { projectRequest } from './project-request.js';
import type { StrongerChoices } from './project-request.js';
import { isRecord } from '@wave-agent/shared-protocol';

export const MODE_RANK: Readonly<Record<PermissionMode, number>> = {
  plan: 0,
  // It asks nobody and refuses what no rule allows: never more than the default allows.
  dontAsk: 0,
  default: 1,
  acceptEdits: 2,
  bypassPermissions: 3,
};

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** What an allow rule lets the agent do, in words for the trust question. */
function allowDescription(rule: string): string {
  const match = /^(\w+)\((.*)\)$/s.exec(rule.trim());
  if (!match)
    return rule === 'Bash' ? 'run any command without asking' : `use ${rule} without asking`;
  const [, tool, specifier] = match;
  if (tool === 'Bash') return `run \`${specifier}\` without asking`;
  if (tool === 'Edit' || tool === 'Write') return `change ${specifier} without asking`;
  if (tool === 'Read') return `read ${specifier} without asking`;
  return `use ${rule} without asking`;
}

export const ALLOW_SETTING = 'permissions.allow';
const DIRECTORY_SETTING = 'permissions.additionalDirectories';
const MODE_SETTING = 'permissions.defaultMode';

/** The user's own permission mode from files, for comparing a project's against. */
function usersMode(sections: readonly SettingsSection[], usersPermissionMode?: PermissionMode) {
  const user = readPermissionSettings(
    sections.filter((section) => !isProjectSection(section)),
    [],
  );
  return usersPermissionMode ?? user.defaultMode?.value ?? 'default';
}

export function permissionRequests(
  sections: readonly SettingsSection[],
  stronger: StrongerChoices,
  usersPermissionMode?: PermissionMode,
): ProjectRequest[] {
  const own = readPermissionSettings(
    sections.filter((section) => !isProjectSection(section)),
    [],
  );
  const ownAllows = new Set(
    own.rules.filter((rule) => rule.behavior === 'allow').map((rule) => rule.text),
  );
  const ownDirectories = new Set(own.additionalDirectories.map((directory) => directory.value));
  const requests: ProjectRequest[] = [];
  const seen = new Set<string>();
  const add = (request: ProjectRequest) => {
    if (seen.has(request.key)) return;
    seen.add(request.key);
    requests.push(request);
  };
  const project = readPermissionSettings(sections.filter(isProjectSection), []);
  if (stronger.permissionMode !== 'bypassPermissions') {
    for (const rule of project.rules) {
      if (rule.behavior !== 'allow' || ownAllows.has(rule.text)) continue;
      add(projectRequest(rule.file, ALLOW_SETTING, rule.text, allowDescription(rule.text)));
    }
  }
  for (const directory of project.additionalDirectories) {
    if (ownDirectories.has(directory.value)) continue;
    add(
      projectRequest(
        directory.file,
        DIRECTORY_SETTING,
        directory.value,
        `let tools read and change ${directory.value} as if it were this folder`,
      ),
    );
  }
  const mode = project.defaultMode;
  if (
    mode &&
    stronger.permissionMode === undefined &&
    MODE_RANK[mode.value] > MODE_RANK[usersMode(sections, usersPermissionMode)]
  ) {
    add(projectRequest(mode.file, MODE_SETTING, mode.value, `start in ${mode.value} mode`));
  }
  return requests;
}

/**
 * The sections with a project's allow rules, additional directories and raised defaultMode cut
 * to what was granted; deny and ask rules stay.
 */
export function trustedPermissionSections(
  sections: readonly SettingsSection[],
  granted: readonly ProjectRequest[],
  usersPermissionMode?: PermissionMode,
): SettingsSection[] {
  const allowed = new Set(granted.map((request) => request.key));
  const may = (setting: string, value: string) => allowed.has(`${setting}=${value}`);
  const ownMode = usersMode(sections, usersPermissionMode);
  return sections.map((section) => {
    if (!isProjectSection(section) || !isRecord(section.value)) return section;
    // Left out here, then put back as far as trust allows.
    const { allow, defaultMode, ...rest } = section.value;
    delete rest.additionalDirectories;
    const checked = readPermissionSettings([section], []);
    const directories = checked.additionalDirectories
      .filter((directory) => may(DIRECTORY_SETTING, directory.value))
      .map((directory) => directory.value);
    const modeKept =
      checked.defaultMode !== undefined &&
      (MODE_RANK[checked.defaultMode.value] <= MODE_RANK[ownMode] ||
        may(MODE_SETTING, checked.defaultMode.value));
    const keptAllow = strings(allow).filter((rule) => may(ALLOW_SETTING, rule.trim()));
    return {
      ...section,
      value: {
        ...rest,
        ...(keptAllow.length > 0 ? { allow: keptAllow } : {}),
        ...(directories.length > 0 ? { additionalDirectories: directories } : {}),
        ...(modeKept ? { defaultMode } : {}),
      },
      // Positions of the kept entries moved; the file is still named.
      locate: (keyPath: string) => section.locate(keyPath),
    };
  });
}

/** The strongest file's defaultMode among the sections in force. */
export function defaultModeOf(sections: readonly SettingsSection[]): PermissionMode | undefined {
  return readPermissionSettings(sections, []).defaultMode?.value;
}
