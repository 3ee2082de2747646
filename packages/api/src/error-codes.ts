/**
 * Every error the API answers with: a fixed code, its HTTP status and the message a user reads.
 * Messages follow the product spec's wording where it has one, so existing clients show the same texts.
 */
export const API_ERRORS = {
  INVALID_PARAMETERS: { status: 400, message: 'Invalid search parameters. Please check your input.' },
  UNAUTHORIZED: {
    status: 401,
    message: 'Unauthorized. Please check your API key. You may refresh it by logging out and signing in again.',
  },
  NOT_AUTHENTICATED: { status: 401, message: 'User not authenticated' },
  FORBIDDEN: { status: 403, message: 'This change was refused: it did not come from a page of this site. Please reload the page and try again.' },
  NOT_ANONYMOUS: { status: 400, message: 'User is not anonymous or not logged in' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail address already exists. Please sign in with it instead.' },
  ACCOUNT_INACTIVE: { status: 403, message: 'This account has been deactivated.' },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  PROFILE_NOT_FOUND: { status: 404, message: 'Profile not found. Please try refreshing the page.' },
  TOO_MANY_API_KEYS: { status: 409, message: 'Maximum number of API keys (3) reached. Please delete an existing key before creating a new one.' },
  JOB_NOT_FOUND: { status: 404, message: 'Search job not found. Please check the job name.' },
  DOWNLOAD_NOT_FOUND: { status: 404, message: 'No download was prepared for this job and selection. Call prepare_download first.' },
  FILE_NOT_FOUND: { status: 404, message: 'This download file does not exist or has expired. Please prepare the download again.' },
  HIT_NOT_FOUND: { status: 404, message: 'This hit is not among the results of the search in that database.' },
  NO_3D_MODEL: { status: 422, message: 'This hit has no 3D model to align: its catalogue was imported without 3D models, or none could be built for it.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Unknown API route. See /api/docs for the available calls.' },
  JOB_NOT_FINISHED: { status: 409, message: 'The search has not finished yet. Poll job_status until it reports SUCCESS.' },
  JOB_FAILED: { status: 409, message: 'Search job failed' },
  JOB_EXPIRED: { status: 410, message: 'This search has expired and its results were deleted. Please run the search again.' },
  MOLECULE_TOO_COMPLEX: { status: 422, message: 'Molecule is too large or too complex to process' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  TOO_MANY_QUEUED_JOBS: { status: 429, message: 'You already have the maximum number of searches waiting. Please wait for one to finish.' },
  INTERNAL: { status: 500, message: 'Server error. The server may be starting up or experiencing issues.' },
  UNAVAILABLE: { status: 503, message: 'The server is shutting down or not ready. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** One problem with one input, e.g. `{ field: 'page_size', message: 'must be between 1 and 1000' }`. */
export interface ApiErrorDetail {
  field: string;
  message: string;
}

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; details?: ApiErrorDetail[] };
  request_id: string;
}
