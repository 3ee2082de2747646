import type { ProfileView, completeProfileBody, updateProfileBody } from '@molsearch/api';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { AuthUserRow, ProfileRepository, ProfileRow } from './profile.repository.ts';

export type CompleteProfile = z.output<typeof completeProfileBody>;
export type UpdateProfile = z.output<typeof updateProfileBody>;

export function profileView(row: ProfileRow): ProfileView {
  return {
    id: row.id,
    company: row.company,
    ip_address: row.ip_address,
    newsletter_consent: row.newsletter_consent === 1,
    contact_consent: row.contact_consent === 1,
    account_type: row.account_type,
    linkedin_profile: row.linkedin_profile,
    completed_registration: row.completed_registration === 1,
    is_active: row.is_active === 1,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);

/** Profiles of spec section 3: created on first need, completed once, edited, deactivated (never deleted). */
export class ProfileService {
  private readonly profiles: ProfileRepository;
  private readonly now: () => number;

  constructor(options: { profiles: ProfileRepository; now: () => number }) {
    this.profiles = options.profiles;
    this.now = options.now;
  }

  async ensure(userId: string, ipAddress: string | undefined): Promise<ProfileRow> {
    const existing = await this.profiles.find(userId);
    if (existing) return existing;
    const now = this.now();
    return this.profiles.insertIfMissing({
      id: userId,
      company: null,
      ip_address: ipAddress ?? null,
      newsletter_consent: 0,
      contact_consent: 0,
      consent_email: null,
      account_type: 'free',
      linkedin_profile: null,
      completed_registration: 0,
      is_active: 1,
      created_at: now,
      updated_at: now,
    });
  }

  find(userId: string): Promise<ProfileRow | undefined> {
    return this.profiles.find(userId);
  }

  user(userId: string): Promise<AuthUserRow | undefined> {
    return this.profiles.findUser(userId);
  }

  /** A user without a profile row yet has never been deactivated. */
  async isActive(userId: string): Promise<boolean> {
    const row = await this.profiles.find(userId);
    return row === undefined || row.is_active === 1;
  }

  async complete(userId: string, body: CompleteProfile, ipAddress: string | undefined): Promise<ProfileView> {
    await this.ensure(userId, ipAddress);
    const row = await this.profiles.update(userId, {
      company: body.company,
      linkedin_profile: body.linkedin_profile || null,
      newsletter_consent: flag(body.newsletter_consent),
      contact_consent: flag(body.contact_consent),
      completed_registration: 1,
      ...(ipAddress ? { ip_address: ipAddress } : {}),
      updated_at: this.now(),
    });
    return profileView(row!);
  }

  async update(userId: string, body: UpdateProfile): Promise<ProfileView> {
    await this.ensure(userId, undefined);
    const row = await this.profiles.update(userId, {
      ...(body.company !== undefined ? { company: body.company } : {}),
      ...(body.linkedin_profile !== undefined ? { linkedin_profile: body.linkedin_profile || null } : {}),
      ...(body.newsletter_consent !== undefined ? { newsletter_consent: flag(body.newsletter_consent) } : {}),
      ...(body.contact_consent !== undefined ? { contact_consent: flag(body.contact_consent) } : {}),
      updated_at: this.now(),
    });
    return profileView(row!);
  }

  /** The consent modal: the address and both consents, kept on the caller's profile. */
  async saveConsent(userId: string, consent: { email: string; contact_consent: boolean; newsletter_consent: boolean }, ipAddress: string | undefined): Promise<void> {
    await this.ensure(userId, ipAddress);
    const row = await this.profiles.update(userId, {
      consent_email: consent.email,
      contact_consent: flag(consent.contact_consent),
      newsletter_consent: flag(consent.newsletter_consent),
      updated_at: this.now(),
    });
    if (!row) throw new AppError('PROFILE_NOT_FOUND');
  }

  async deactivate(userId: string): Promise<void> {
    await this.ensure(userId, undefined);
    await this.profiles.update(userId, { is_active: 0, updated_at: this.now() });
  }
}
