// /add-dir, shared by every UI: the answer to adding a work folder, in words. Each UI sends
// `addWorkFolder` through its session (the agent checks the path) and shows this text its own way.

export function addWorkFolderText(result: {
  readonly ok: boolean;
  readonly folder?: string | undefined;
  readonly problem?: string | undefined;
}): string {
  if (!result.ok) return result.problem ?? 'The folder was not added.';
  return `Added ${result.folder ?? ''} as a work folder for this session: tools may read and write there as in the work folder (a sandboxed command still writes only in the folder Wave started in).`;
}
