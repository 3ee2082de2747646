/** Batch mode (spec section 2): one file of these types; no size limit is configured. */
export const BATCH_FILE_TYPES = ['.csv', '.smi', '.xlsx', '.sdf'] as const;
export const BATCH_FILE_REQUIRED = 'Please upload a batch file to search';

/** The search page's two modes: one query molecule, or a file of them. */
export type SearchMode = 'single' | 'batch';

export interface SizeLimits {
  minBytes?: number;
  maxBytes?: number;
}

/** The spec's drop-zone messages for the files dropped, or null when exactly one acceptable file was given. */
export function batchFileProblem(files: readonly Pick<File, 'name' | 'size'>[], limits: SizeLimits = {}): string | null {
  if (files.length > 1) return 'Too many files';
  const file = files[0];
  if (!file) return BATCH_FILE_REQUIRED;
  const lower = file.name.toLowerCase();
  if (!BATCH_FILE_TYPES.some((type) => lower.endsWith(type))) return `File type must be ${BATCH_FILE_TYPES.join(', ')}`;
  if (limits.maxBytes !== undefined && file.size > limits.maxBytes) return `File is larger than ${limits.maxBytes} bytes`;
  if (limits.minBytes !== undefined && file.size < limits.minBytes) return `File is smaller than ${limits.minBytes} bytes`;
  return null;
}
