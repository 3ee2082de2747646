import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MoleculeFileFormat } from './molecule-record.ts';
import { MoleculeFileError } from './molecule-record.ts';

const FORMAT_BY_EXTENSION: Record<string, MoleculeFileFormat> = {
  smi: 'smi',
  smiles: 'smi',
  ism: 'smi',
  can: 'smi',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  sdf: 'sdf',
  sd: 'sdf',
  xlsx: 'xlsx',
};

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(FORMAT_BY_EXTENSION).map((ext) => `.${ext}`);

/** The format named by a file's extension, looking through a trailing `.gz`; undefined when unknown. */
export function formatFromFileName(path: string): MoleculeFileFormat | undefined {
  const parts = basename(path).toLowerCase().split('.');
  if (parts[parts.length - 1] === 'gz') parts.pop();
  if (parts.length < 2) return undefined;
  return FORMAT_BY_EXTENSION[parts[parts.length - 1] ?? ''];
}

export function formatOrThrow(path: string): MoleculeFileFormat {
  const format = formatFromFileName(path);
  if (!format) {
    throw new MoleculeFileError(
      'UNSUPPORTED_FILE_TYPE',
      `Unsupported file type: ${basename(path)} (expected ${SUPPORTED_EXTENSIONS.join(', ')}, optionally gzipped as .gz)`,
    );
  }
  return format;
}

/** Gzip is recognised by its magic bytes, so a compressed file without `.gz` (or a mislabelled one) still reads. */
export async function isGzipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}
