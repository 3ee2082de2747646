/** Messages between a pool and its workers: `{ id, ok, value | error }`, plus progress notes while a task runs. */
export interface TaskMessage<Request> {
  id: number;
  request: Request;
}

export interface WorkerFailure {
  code: string;
  message: string;
}

export type WorkerReply<Result> =
  | { id: number; ok: true; value: Result }
  | { id: number; ok: false; error: WorkerFailure }
  | { id: number; progress: unknown };
