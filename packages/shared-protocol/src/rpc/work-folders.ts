// More work folders for one session (/add-dir in every UI, like `--add-dir` and the settings'
// `permissions.additionalDirectories`): tools may read and write there as in the work folder.
import { z } from 'zod';
import { lazySchema } from '../values/lazy-schema.js';

export const AddWorkFolderParamsSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    /** As typed: absolute, or relative to the work folder; `~/` is the user's home. */
    path: z.string().max(4096),
  }),
);

/** `folder`: the real path added; `problem`: why nothing was added, as a sentence. */
export const AddWorkFolderResultSchema = lazySchema(() =>
  z.object({
    ok: z.boolean(),
    folder: z.string().optional(),
    problem: z.string().optional(),
  }),
);
