/** An error the CLI reports as one readable line; `exitCode` 1 for failures, 2 for wrong usage. */
export class CliError extends Error {
  readonly code: string;
  readonly exitCode: number;

  constructor(code: string, message: string, options?: { exitCode?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'CliError';
    this.code = code;
    this.exitCode = options?.exitCode ?? 1;
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export function usageError(message: string): CliError {
  return new CliError('USAGE', message, { exitCode: EXIT_USAGE });
}

/**
 * Errors from our packages carry a fixed string `code` and a message written for users (EngineError,
 * MoleculeFileError); anything else is a bug or an environment problem and is labelled as unexpected.
 */
export function isCodedError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}
