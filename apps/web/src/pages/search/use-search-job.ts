import type { SubmitSearchQuery } from '@molsearch/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pollJob, SearchApiError, submitSearch } from '../../api/search-api.ts';
import { HttpError } from '../../api/http.ts';

export interface JobState {
  phase: 'idle' | 'submitting' | 'queued' | 'executing' | 'success' | 'failed';
  percent: number;
  database: string | null;
  jobName: string | null;
  message: string | null;
}

export const IDLE_JOB: JobState = { phase: 'idle', percent: 0, database: null, jobName: null, message: null };

export type JobOutcome =
  | { ok: true; jobName: string }
  | { ok: false; stage: 'submit' | 'poll'; message: string; field?: { name: string; message: string } };

/** Submits a search and polls it (100 × 1000 ms), exposing the progress card's state. */
export function useSearchJob(): { state: JobState; run: (request: SubmitSearchQuery) => Promise<JobOutcome>; reset: () => void } {
  const [state, setState] = useState<JobState>(IDLE_JOB);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE_JOB);
  }, []);

  const run = useCallback(async (request: SubmitSearchQuery): Promise<JobOutcome> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ ...IDLE_JOB, phase: 'submitting' });
    let jobName: string;
    try {
      jobName = await submitSearch(request);
    } catch (error) {
      const message = error instanceof SearchApiError ? error.message : 'Failed to submit search job';
      const cause = error instanceof SearchApiError ? error.cause : undefined;
      const detail = cause instanceof HttpError ? cause.details?.[0] : undefined;
      setState({ ...IDLE_JOB, phase: 'failed', message });
      return { ok: false, stage: 'submit', message, field: detail ? { name: detail.field, message: detail.message } : undefined };
    }
    if (current.signal.aborted) return { ok: false, stage: 'poll', message: 'Request aborted' };
    setState({ ...IDLE_JOB, phase: 'queued', jobName });
    try {
      await pollJob(
        jobName,
        (progress) => {
          if (current.signal.aborted) return;
          setState({ phase: progress.phase, percent: progress.percent, database: progress.database, jobName, message: null });
        },
        { signal: current.signal },
      );
      return { ok: true, jobName };
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Search job failed';
      if (!current.signal.aborted) setState((previous) => ({ ...previous, phase: 'failed', message }));
      return { ok: false, stage: 'poll', message };
    }
  }, []);

  return { state, run, reset };
}
