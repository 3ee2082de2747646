import { z } from 'zod';

/**
 * Request and answer schemas of the account endpoints (profiles, API keys, consent, tracking, analytics).
 * The server validates with them and the OpenAPI document is generated from them; messages are the spec's.
 */

export const MAX_API_KEYS = 3;
export const API_KEY_NAME_MIN = 3;
export const API_KEY_NAME_MAX = 50;
export const API_KEY_DESCRIPTION_MAX = 200;
export const API_KEY_EXPIRATION_OPTIONS = [30, 90, 180, 365, 730] as const;
export const DEFAULT_API_KEY_EXPIRATION_DAYS = 365;
export const MAX_ANALYTICS_PARAMETERS = 25;
export const ANALYTICS_EVENTS = [
  'page_view',
  'molecule_selected',
  'molecule_deselected',
  'ketcher_interaction',
  'molecule_editor_action',
  'search_initiated',
  'search_action_button',
  'view_consent_modal',
  'consent_modal_action',
  'search_submitted',
  'select_database',
  'filter_by_vendor',
  'use_similarity_slider',
] as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Key name is required',
  nameTooShort: 'Key name must be at least 3 characters',
  nameTooLong: 'Key name must be less than 50 characters',
  descriptionTooLong: 'Description must be less than 200 characters',
  tooMany: 'Maximum number of API keys (3) reached. Please delete an existing key before creating a new one.',
  expiration: 'Expiration days must be between 1 and 730 days',
  notAuthenticated: 'User not authenticated',
} as const;

export const CONSENT_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  noSession: 'No active session found. Please refresh the page and try again.',
  profileNotFound: 'Profile not found. Please try refreshing the page.',
} as const;

/** Password length bounds of e-mail sign-up (better-auth's settings) and of anonymous promotion. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PROMOTION_MESSAGES = {
  notAnonymous: 'User is not anonymous or not logged in',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  nameTooLong: 'Name must be at most 100 characters',
  emailTaken: 'An account with this e-mail address already exists. Please sign in with it instead.',
} as const;

const keyName = z
  .string({ error: API_KEY_MESSAGES.nameRequired })
  .trim()
  .min(1, API_KEY_MESSAGES.nameRequired)
  .min(API_KEY_NAME_MIN, API_KEY_MESSAGES.nameTooShort)
  .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong)
  .meta({ description: 'A name for the key, 3 to 50 characters.', example: 'Screening pipeline' });
const keyDescription = z
  .string({ error: API_KEY_MESSAGES.descriptionTooLong })
  .trim()
  .max(API_KEY_DESCRIPTION_MAX, API_KEY_MESSAGES.descriptionTooLong)
  .nullish()
  .meta({ description: 'Optional, at most 200 characters.' });

export const createApiKeyBody = z.object({
  key_name: keyName,
  key_description: keyDescription,
  expiration_days: z
    .number({ error: API_KEY_MESSAGES.expiration })
    .int(API_KEY_MESSAGES.expiration)
    .min(1, API_KEY_MESSAGES.expiration)
    .max(730, API_KEY_MESSAGES.expiration)
    .default(DEFAULT_API_KEY_EXPIRATION_DAYS)
    .meta({ description: 'Days until the key expires: 1 to 730 (the app offers 30, 90, 180, 365 and 730).' }),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export const updateApiKeyBody = z.object({ key_name: keyName, key_description: keyDescription });
export type UpdateApiKeyBody = z.output<typeof updateApiKeyBody>;

export const apiKeySchema = z.object({
  api_key_id: z.string(),
  key_name: z.string(),
  key_description: z.string().nullable(),
  tier: z.string(),
  expiration_days: z.number().int(),
  expires_at: z.string().meta({ description: 'ISO 8601 time.' }),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  usage_count: z.number().int(),
  last_used_at: z.string().nullable(),
  key_prefix: z.string().meta({ description: 'The first 8 characters of the key.' }),
  key_suffix: z.string().meta({ description: 'The last 8 characters of the key.' }),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const apiKeyListAnswer = z.object({ keys: z.array(apiKeySchema), limit: z.literal(MAX_API_KEYS) });
export const apiKeyAnswer = z.object({ key: apiKeySchema });
export const createdApiKeyAnswer = z.object({
  key: apiKeySchema.extend({ api_key_value: z.string().meta({ description: 'The full key: shown this once, never again.' }) }),
});
export const okAnswer = z.object({ ok: z.literal(true) });

const flag = z.boolean({ error: 'must be true or false' });
const company = z.string({ error: 'Company is required' }).trim().min(1, 'Company is required').max(200, 'Company must be at most 200 characters');
const linkedinProfile = z
  .string()
  .trim()
  .max(300, 'LinkedIn profile must be at most 300 characters')
  .refine((value) => value === '' || /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/\S+$/.test(value), 'LinkedIn profile must be a https://linkedin.com/... address')
  .nullish();

export const completeProfileBody = z.object({
  company,
  linkedin_profile: linkedinProfile,
  newsletter_consent: flag,
  contact_consent: flag,
});
export const updateProfileBody = z.object({
  company: company.optional(),
  linkedin_profile: linkedinProfile,
  newsletter_consent: flag.optional(),
  contact_consent: flag.optional(),
});

export const profileSchema = z.object({
  id: z.string(),
  company: z.string().nullable(),
  ip_address: z.string().nullable(),
  newsletter_consent: z.boolean(),
  contact_consent: z.boolean(),
  account_type: z.string(),
  linkedin_profile: z.string().nullable(),
  completed_registration: z.boolean(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type ProfileView = z.infer<typeof profileSchema>;
export const profileAnswer = z.object({ profile: profileSchema });

export const meAnswer = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      name: z.string(),
      image: z.string().nullable(),
      is_anonymous: z.boolean(),
      email_verified: z.boolean(),
      display_name: z.string(),
      profile: profileSchema.nullable(),
      account_type: z.string(),
      roles: z.array(z.string()),
    })
    .nullable(),
});
export type MeAnswer = z.infer<typeof meAnswer>;

export const consentBody = z.object({
  email: z
    .string({ error: CONSENT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONSENT_MESSAGES.emailRequired)
    .max(254, CONSENT_MESSAGES.emailInvalid)
    .refine((value) => value.includes('@'), CONSENT_MESSAGES.emailInvalid),
  contact_consent: flag,
  newsletter_consent: flag,
});

const trackedJob = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a job name is letters, digits and dashes');
export const trackSearchBody = z.object({ job_name: trackedJob });
export const trackQuotationBody = z.object({
  job_name: trackedJob,
  db_name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a database id is letters, digits, dash or underscore (at most 64)'),
  additional_notes: z.string().max(2000, 'Notes must be at most 2000 characters').nullish(),
});
export const trackAdmetBody = z.object({ job_name: trackedJob });

const analyticsValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
export const analyticsBody = z.object({
  event: z.enum(ANALYTICS_EVENTS),
  params: z
    .record(z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'parameter names are letters, digits and underscores (at most 40)'), analyticsValue)
    .refine((params) => Object.keys(params).length <= MAX_ANALYTICS_PARAMETERS, `at most ${MAX_ANALYTICS_PARAMETERS} parameters per event`)
    .default({}),
});

export const authProvidersAnswer = z.object({ google: z.boolean(), linkedin: z.boolean() });

/** Anonymous promotion: the signed-in anonymous user adds an e-mail address and a password. */
export const promoteAccountBody = z.object({
  email: z
    .string({ error: PROMOTION_MESSAGES.emailRequired })
    .trim()
    .min(1, PROMOTION_MESSAGES.emailRequired)
    .max(254, PROMOTION_MESSAGES.emailInvalid)
    .pipe(z.email(PROMOTION_MESSAGES.emailInvalid))
    .transform((value) => value.toLowerCase())
    .meta({ description: 'The address to confirm; a confirmation e-mail is sent to it.', example: 'ada@example.org' }),
  password: z
    .string({ error: PROMOTION_MESSAGES.passwordRequired })
    .min(1, PROMOTION_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, PROMOTION_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, PROMOTION_MESSAGES.passwordTooLong)
    .meta({ description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` }),
  name: z.string().trim().max(100, PROMOTION_MESSAGES.nameTooLong).optional().meta({ description: 'Optional display name; the part of the address before @ when absent.' }),
});
export type PromoteAccountBody = z.output<typeof promoteAccountBody>;

export const promoteAccountAnswer = z.object({
  user: z.object({
    id: z.string().meta({ description: 'Unchanged: the anonymous user itself becomes the account.' }),
    email: z.string(),
    name: z.string(),
    email_verified: z.literal(false),
    is_anonymous: z.literal(false),
  }),
  verification_email_sent: z.boolean().meta({ description: 'False when no mail server is configured or sending failed; POST /api/auth/send-verification-email sends it again.' }),
});
export type PromoteAccountAnswer = z.infer<typeof promoteAccountAnswer>;
