import { CHEMISTRY_MESSAGES } from '@molsearch/chem';
import { EngineError } from '@molsearch/engine';
import type { EngineErrorCode } from '@molsearch/engine';
import { AppError } from '../http/app-error.ts';

/** What a caller reads when something fails inside the server: never a path or an internal message. */
export const INTERNAL_FAILURE = 'The search stopped on an internal error. Please try again; if it keeps failing, contact support.';

const PLAIN: Record<EngineErrorCode, (database: string) => string> = {
  CATALOGUE_NOT_FOUND: (database) => `The database ${database} is not available on this server.`,
  CATALOGUE_CORRUPT: (database) => `The database ${database} is damaged and cannot be searched until it is imported again.`,
  CATALOGUE_FORMAT: (database) => `The database ${database} was built by an older version and must be imported again.`,
  CATALOGUE_CONFIG: () => "The server's catalogue settings cannot be read.",
  INVALID_SMILES: () => 'Invalid SMILES structure',
  INVALID_REQUEST: () => 'The search request is not valid.',
  METHOD_UNAVAILABLE: (database) => `The database ${database} has no 3D models, so it cannot be searched by shape or electrostatics.`,
  IMPORT_FAILED: () => INTERNAL_FAILURE,
  ABORTED: () => 'The search was cancelled.',
  WORKER_FAILED: () => INTERNAL_FAILURE,
  MOLECULE_TOO_COMPLEX: () => CHEMISTRY_MESSAGES.tooComplex,
  CHEMISTRY_UNAVAILABLE: () => CHEMISTRY_MESSAGES.unavailable,
};

/** Whether `error` is the engine finding a catalogue's files damaged or of an older format: it cannot be searched until re-imported. */
export function isCatalogueDamage(error: unknown): error is EngineError {
  return error instanceof EngineError && (error.code === 'CATALOGUE_CORRUPT' || error.code === 'CATALOGUE_FORMAT');
}

/**
 * The reason a failed search or download gives its caller: our own errors keep their message; an engine
 * error becomes its code and a plain message naming the database (of `databases`, the one its message
 * names, or the only one); anything else is an internal fault. The full error goes only to the log.
 */
export function failureReason(error: unknown, databases: readonly string[]): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof EngineError) {
    const database = databases.find((id) => error.message.includes(id)) ?? (databases.length > 0 ? databases.join(', ') : 'searched');
    return `${PLAIN[error.code](database)} (${error.code})`;
  }
  return INTERNAL_FAILURE;
}
