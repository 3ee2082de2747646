import type { z } from 'zod';
import {
  analyticsBody,
  apiKeyAnswer,
  apiKeyListAnswer,
  authProvidersAnswer,
  completeProfileBody,
  consentBody,
  createApiKeyBody,
  createdApiKeyAnswer,
  meAnswer,
  okAnswer,
  profileAnswer,
  promoteAccountAnswer,
  promoteAccountBody,
  trackAdmetBody,
  trackQuotationBody,
  trackSearchBody,
  updateApiKeyBody,
  updateProfileBody,
} from './account.schemas.ts';
import type { ApiErrorCode } from './error-codes.ts';

export interface AccountOperation {
  id: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI form: `{id}` for a path parameter. */
  path: string;
  summary: string;
  description: string;
  pathParameters?: string[];
  body?: z.ZodType;
  /** Undefined: the answer is 204 without a body. */
  answer?: z.ZodType;
  status?: 200 | 201 | 204;
  errors: ApiErrorCode[];
}

const common: ApiErrorCode[] = ['RATE_LIMITED', 'INTERNAL'];
const signedIn: ApiErrorCode[] = ['NOT_AUTHENTICATED', 'FORBIDDEN', ...common];

/**
 * Our own account endpoints (better-auth's /api/auth/* endpoints are documented by better-auth).
 * Cookie-authenticated changes must come from a trusted origin (FORBIDDEN otherwise).
 */
export const ACCOUNT_OPERATIONS: readonly AccountOperation[] = [
  {
    id: 'me',
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user',
    description: 'The user of the session cookie with profile, account type and roles; user is null when nobody is signed in.',
    answer: meAnswer,
    errors: common,
  },
  {
    id: 'authProviders',
    method: 'get',
    path: '/api/auth-providers',
    summary: 'Configured sign-in providers',
    description: 'Which OpenID Connect providers (Google, LinkedIn) this server offers.',
    answer: authProvidersAnswer,
    errors: common,
  },
  {
    id: 'promoteAnonymousAccount',
    method: 'post',
    path: '/api/account/promote',
    summary: 'Turn the anonymous account into a registered one',
    description:
      'For the signed-in anonymous user only: adds the e-mail address (unconfirmed; a confirmation e-mail is sent) and a password. The user keeps its id and with it its searches, downloads and consent; the session stays signed in. Signed out: 401, a registered user or an API key: 400, both "User is not anonymous or not logged in". An address that already has an account: 409.',
    body: promoteAccountBody,
    answer: promoteAccountAnswer,
    errors: ['INVALID_PARAMETERS', 'NOT_ANONYMOUS', 'NOT_AUTHENTICATED', 'EMAIL_TAKEN', 'PAYLOAD_TOO_LARGE', 'FORBIDDEN', ...common],
  },
  {
    id: 'completeProfile',
    method: 'post',
    path: '/api/profile/complete',
    summary: 'Complete the profile',
    description: 'Company, optional LinkedIn profile and the two consents; marks the registration complete.',
    body: completeProfileBody,
    answer: profileAnswer,
    errors: ['INVALID_PARAMETERS', 'PAYLOAD_TOO_LARGE', ...signedIn],
  },
  {
    id: 'updateProfile',
    method: 'patch',
    path: '/api/profile',
    summary: 'Edit the profile',
    description: 'Changes the fields given.',
    body: updateProfileBody,
    answer: profileAnswer,
    errors: ['INVALID_PARAMETERS', 'PAYLOAD_TOO_LARGE', ...signedIn],
  },
  {
    id: 'deactivateAccount',
    method: 'post',
    path: '/api/profile/deactivate',
    summary: 'Deactivate the account',
    description: 'Soft deactivation (is_active false), then every session of the account ends; its API keys stop working.',
    answer: okAnswer,
    errors: signedIn,
  },
  {
    id: 'listApiKeys',
    method: 'get',
    path: '/api/api-keys',
    summary: 'Your API keys',
    description: 'Active keys, newest first, masked: the first and last 8 characters only.',
    answer: apiKeyListAnswer,
    errors: signedIn,
  },
  {
    id: 'createApiKey',
    method: 'post',
    path: '/api/api-keys',
    summary: 'Create an API key',
    description: 'At most 3 active keys. The full key is in this answer only; store it safely.',
    body: createApiKeyBody,
    answer: createdApiKeyAnswer,
    status: 201,
    errors: ['INVALID_PARAMETERS', 'TOO_MANY_API_KEYS', 'PAYLOAD_TOO_LARGE', ...signedIn],
  },
  {
    id: 'updateApiKey',
    method: 'patch',
    path: '/api/api-keys/{id}',
    summary: 'Rename an API key',
    description: 'Only the name and the description can change.',
    pathParameters: ['id'],
    body: updateApiKeyBody,
    answer: apiKeyAnswer,
    errors: ['INVALID_PARAMETERS', 'API_KEY_NOT_FOUND', 'PAYLOAD_TOO_LARGE', ...signedIn],
  },
  {
    id: 'deleteApiKey',
    method: 'delete',
    path: '/api/api-keys/{id}',
    summary: 'Delete an API key',
    description: 'The key stops working at once.',
    pathParameters: ['id'],
    answer: okAnswer,
    errors: ['API_KEY_NOT_FOUND', ...signedIn],
  },
  {
    id: 'saveConsent',
    method: 'post',
    path: '/api/consent',
    summary: 'Save the consent modal',
    description: 'An e-mail address and the two consents, on the session\'s (usually anonymous) account.',
    body: consentBody,
    answer: okAnswer,
    errors: ['INVALID_PARAMETERS', 'PAYLOAD_TOO_LARGE', ...signedIn],
  },
  {
    id: 'trackSearch',
    method: 'post',
    path: '/api/track/search',
    summary: 'Record a finished search',
    description: 'Always 204: tracking failures are silent.',
    body: trackSearchBody,
    status: 204,
    errors: ['FORBIDDEN', ...common],
  },
  {
    id: 'trackQuotation',
    method: 'post',
    path: '/api/track/quotation',
    summary: 'Record a quotation request',
    description: 'Always 204: tracking failures are silent.',
    body: trackQuotationBody,
    status: 204,
    errors: ['FORBIDDEN', ...common],
  },
  {
    id: 'trackAdmet',
    method: 'post',
    path: '/api/track/admet',
    summary: 'Record an ADMET request',
    description: 'Recorded for signed-in users only. Always 204.',
    body: trackAdmetBody,
    status: 204,
    errors: ['FORBIDDEN', ...common],
  },
  {
    id: 'analyticsEvent',
    method: 'post',
    path: '/api/analytics',
    summary: 'Record an analytics event',
    description: 'One of the product\'s event names or page_view, with at most 25 parameters; stored in our own database only.',
    body: analyticsBody,
    status: 204,
    errors: ['INVALID_PARAMETERS', 'PAYLOAD_TOO_LARGE', 'FORBIDDEN', ...common],
  },
];
