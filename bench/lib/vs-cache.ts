// Prepared molecules of the virtual-screening benchmark kept on disk (under the gitignored data folder),
// keyed by the SMILES, the conformer settings and the chemistry sources that build them, so a rerun
// skips the preparation and any change to chem prepares again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformerSettings, PreparedMolecule } from './vs-preparation.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

let sourceDigest: string | undefined;
function chemistryDigest(): string {
  if (!sourceDigest) {
    const hash = createHash('sha256');
    for (const path of [...sourceFiles(join(root, 'packages', 'chem', 'src')), join(root, 'bench', 'lib', 'vs-preparation.ts'), join(root, 'bench', 'lib', 'vs-colour.ts')]) {
      hash.update(path.slice(root.length)).update(readFileSync(path));
    }
    sourceDigest = hash.digest('hex');
  }
  return sourceDigest;
}

export function cacheKey(smiles: readonly string[], settings: ConformerSettings): string {
  return createHash('sha256').update(JSON.stringify({ smiles, settings, chemistry: chemistryDigest() })).digest('hex').slice(0, 24);
}

const KEYS = ['neutral:gasteiger', 'neutral:mmff94', 'ph74:gasteiger', 'ph74:mmff94'] as const;

export async function writePrepared(path: string, molecules: readonly (PreparedMolecule | null)[]): Promise<void> {
  const parts: Buffer[] = [u32(molecules.length)];
  for (const m of molecules) {
    if (!m) {
      parts.push(Buffer.from([0]));
      continue;
    }
    parts.push(Buffer.from([1]), u32(m.fingerprint.length), Buffer.from(m.fingerprint), u32(m.heavyAtoms), i32(m.ph74Charge), Buffer.from([m.mmffFallback ? 1 : 0]));
    for (const key of KEYS) {
      const bytes = m.models[key] ?? new Uint8Array(0);
      parts.push(u32(bytes.length), Buffer.from(bytes));
    }
    parts.push(u32(m.colour.length), Buffer.from(m.colour));
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(`${path}.tmp`, Buffer.concat(parts));
  await rename(`${path}.tmp`, path);
}

export function readPrepared(path: string): (PreparedMolecule | null)[] | undefined {
  if (!existsSync(path)) return undefined;
  const data = readFileSync(path);
  let at = 0;
  const take = (length: number): Uint8Array => {
    const bytes = new Uint8Array(data.buffer, data.byteOffset + at, length).slice();
    at += length;
    return bytes;
  };
  const readU32 = (): number => {
    const value = data.readUInt32LE(at);
    at += 4;
    return value;
  };
  const count = readU32();
  const molecules: (PreparedMolecule | null)[] = [];
  for (let i = 0; i < count; i++) {
    if (data[at++] === 0) {
      molecules.push(null);
      continue;
    }
    const fingerprint = take(readU32());
    const heavyAtoms = readU32();
    const ph74Charge = data.readInt32LE(at);
    at += 4;
    const mmffFallback = data[at++] === 1;
    const models: PreparedMolecule['models'] = {};
    for (const key of KEYS) {
      const bytes = take(readU32());
      if (bytes.length > 0) models[key] = bytes;
    }
    const colour = take(readU32());
    molecules.push({ fingerprint, heavyAtoms, models, ph74Charge, mmffFallback, colour });
  }
  return molecules;
}

function u32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}

function i32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32LE(value);
  return b;
}
