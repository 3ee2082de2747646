import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isTemporaryDirOf, temporaryDirName } from '../format/catalogue-paths.ts';
import { readCheckpoint, startCheckpoint } from './import-checkpoint.ts';
import type { CheckpointHeader, CheckpointRecord } from './import-checkpoint.ts';

export interface WorkFolder {
  dir: string;
  /** The finished batches of the interrupted import this one continues; undefined when it starts afresh. */
  resumed?: CheckpointRecord[];
}

/**
 * The import's work folder `<id>.tmp-<pid>` under `root`: with `resume`, the folder of an earlier import
 * of `id` whose checkpoint matches `header` is taken over with its finished batches; otherwise a fresh
 * folder with an empty checkpoint. Folders of earlier imports whose process is gone are removed.
 */
export async function openWorkFolder(root: string, id: string, header: CheckpointHeader, resume: boolean): Promise<WorkFolder> {
  const dir = join(root, temporaryDirName(id, process.pid));
  const resumed = await claimStaleFolders(root, id, dir, resume ? header : undefined);
  if (resumed) return { dir, resumed };
  await mkdir(dir);
  await startCheckpoint(dir, header);
  return { dir };
}

/**
 * Work folders of earlier imports of `id` whose process is gone: with `resume`, the most recent one
 * whose checkpoint matches is renamed to `workDir` and its finished batches returned; the rest are removed.
 */
async function claimStaleFolders(root: string, id: string, workDir: string, resume: CheckpointHeader | undefined): Promise<CheckpointRecord[] | undefined> {
  const stale: { path: string; resumable: boolean; modified: number }[] = [];
  for (const name of await readdir(root)) {
    if (!isTemporaryDirOf(name, id)) continue;
    const pid = Number(name.slice(name.lastIndexOf('-') + 1));
    if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid)) continue;
    const path = join(root, name);
    stale.push({ path, resumable: name.startsWith(`${id}.tmp-`), modified: (await stat(path)).mtimeMs });
  }
  stale.sort((a, b) => b.modified - a.modified);
  let records: CheckpointRecord[] | undefined;
  for (const folder of stale) {
    if (resume && !records && folder.resumable) {
      records = await readCheckpoint(folder.path, resume);
      if (records) {
        await rename(folder.path, workDir);
        continue;
      }
    }
    await rm(folder.path, { recursive: true, force: true });
  }
  return records;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
