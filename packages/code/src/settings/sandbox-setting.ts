// The `sandbox` setting as a file holds it: `{ "enabled": true, "network": false, "allowWrite":
// [], "allowRead": [], "allowUnixSockets": [] }`, every field optional. Claude Code's files may
// hold `network` as an object (its proxy settings): that asks for no open network, so it reads as
// `false`, its `allowUnixSockets` counts as the top-level one, as do its `filesystem.allowWrite`
// and `.allowRead`; `autoAllowBashIfSandboxed` is read as `autoAllow` and `excludedCommands` as
// they are. Keys Wave does not know (the proxy's `allowedDomains`: no proxy yet) are left alone
// rather than costing the whole file.
import { z } from 'zod';

const PathListSchema = z.array(z.string().min(1)).readonly();

export const SandboxSettingSchema = z
  .object({
    enabled: z.boolean().optional(),
    network: z.union([z.boolean(), z.record(z.string(), z.unknown())]).optional(),
    /** Folders commands may write besides the work folder; `~/` and relative paths are expanded. */
    allowWrite: PathListSchema.optional(),
    /** Credential paths commands may read after all. */
    allowRead: PathListSchema.optional(),
    /** Unix sockets (or their folders) commands may connect to after all. */
    allowUnixSockets: PathListSchema.optional(),
    /** Claude Code's: false keeps asking about sandboxed commands (`autoAllow`). */
    autoAllowBashIfSandboxed: z.boolean().optional(),
    /** Claude Code's: commands (`docker`, `git push:*`) that run outside the sandbox, asked about. */
    excludedCommands: z.array(z.string().min(1)).readonly().optional(),
    /** Claude Code's `filesystem` lists: its allowWrite and allowRead add to the top-level ones. */
    filesystem: z.record(z.string(), z.unknown()).optional(),
  })
  .transform(({ network, allowUnixSockets, autoAllowBashIfSandboxed, filesystem, ...rest }) => {
    const nested =
      typeof network === 'object'
        ? PathListSchema.safeParse(network['allowUnixSockets'])
        : undefined;
    const sockets = [...(allowUnixSockets ?? []), ...(nested?.success ? nested.data : [])];
    const listIn = (key: string) => {
      const list = PathListSchema.safeParse(filesystem?.[key]);
      return list.success ? list.data : [];
    };
    const allowWrite = [...(rest.allowWrite ?? []), ...listIn('allowWrite')];
    const allowRead = [...(rest.allowRead ?? []), ...listIn('allowRead')];
    return {
      ...rest,
      ...(allowWrite.length > 0 ? { allowWrite } : {}),
      ...(allowRead.length > 0 ? { allowRead } : {}),
      ...(network !== undefined ? { network: network === true } : {}),
      ...(sockets.length > 0 ? { allowUnixSockets: sockets } : {}),
      ...(autoAllowBashIfSandboxed !== undefined ? { autoAllow: autoAllowBashIfSandboxed } : {}),
    };
  });

export type SandboxSetting = z.output<typeof SandboxSettingSchema>;
