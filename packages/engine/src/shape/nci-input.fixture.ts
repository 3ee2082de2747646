import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Real structures of Debian's rdkit-data (installed by the demo and CI).
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';

/** Writes the first `rows` NCI compounds as `<dir>/nci.smi`, ids NCI-0, NCI-1, ...; returns its path. */
export async function writeNciInput(dir: string, rows: number): Promise<string> {
  const lines = readFileSync(NCI, 'utf8').split('\n').filter((line) => line.trim().length > 0).slice(0, rows);
  const smi = join(dir, 'nci.smi');
  await writeFile(smi, `${lines.map((line, i) => `${line.split(/\s/)[0]}\tNCI-${i}`).join('\n')}\n`);
  return smi;
}
