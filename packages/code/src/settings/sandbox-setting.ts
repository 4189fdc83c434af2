// The `sandbox` setting as a file holds it: `{ "enabled": true, "network": false, "allowWrite":
// [], "allowRead": [], "allowUnixSockets": [] }`, every field optional. Claude Code's files may
// hold `network` as an object (its proxy settings): that asks for no open network, so it reads as
// `false`, its `allowUnixSockets` counts as the top-level one, and keys Wave does not know are
// left alone rather than costing the whole file.
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
  })
  .transform(({ network, allowUnixSockets, ...rest }) => {
    const nested =
      typeof network === 'object'
        ? PathListSchema.safeParse(network['allowUnixSockets'])
        : undefined;
    const sockets = [...(allowUnixSockets ?? []), ...(nested?.success ? nested.data : [])];
    return {
      ...rest,
      ...(network !== undefined ? { network: network === true } : {}),
      ...(sockets.length > 0 ? { allowUnixSockets: sockets } : {}),
    };
  });

export type SandboxSetting = z.output<typeof SandboxSettingSchema>;
