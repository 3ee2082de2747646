import { EngineError } from '@molsearch/engine';
import type { EngineErrorCode } from '@molsearch/engine';

export function abortedError(): EngineError {
  return new EngineError('ABORTED', 'The search was cancelled.');
}

/** A node's error answer as the engine error it was on the node, so the job fails with the same plain reason. */
export function nodeError(code: string, message: string): EngineError {
  return new EngineError(code as EngineErrorCode, message);
}
