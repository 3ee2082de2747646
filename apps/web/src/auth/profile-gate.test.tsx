import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser, Profile } from '../api/account-api.ts';
import { AuthProvider } from './auth-provider.tsx';
import { ProfileGate } from './profile-gate.tsx';

const PROFILE: Profile = {
  id: 'u',
  company: null,
  ip_address: null,
  newsletter_consent: false,
  contact_consent: false,
  account_type: 'free',
  linkedin_profile: null,
  completed_registration: false,
  is_active: true,
  updated_at: '2026-11-01T00:00:00Z',
};

function user(overrides: Partial<MeUser>): MeUser {
  return {
    id: 'u',
    email: 'new@lab.org',
    name: 'New',
    image: null,
    is_anonymous: false,
    email_verified: true,
    display_name: 'New',
    profile: PROFILE,
    account_type: 'free',
    roles: ['free'],
    ...overrides,
  };
}

/** The first /api/me answers with the user; later ones (the gate's own check) with `recheck`. */
function serve(me: MeUser, recheck: 'same' | 'fails' = 'same') {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const path = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/me') {
        calls += 1;
        if (calls > 1 && recheck === 'fails') return json(500, { error: { code: 'INTERNAL', message: 'Internal error' } });
        return json(200, { user: me });
      }
      if (path === '/api/auth/get-session') return json(200, { session: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
      return json(204, {});
    }),
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/complete-profile" element={<p>Completion form</p>} />
          <Route
            path="*"
            element={
              <ProfileGate>
                <p>Page content</p>
              </ProfileGate>
            }
          />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfileGate', () => {
  it('sends a registered user with an incomplete registration to /complete-profile', async () => {
    serve(user({}));
    renderAt('/');
    expect(await screen.findByText('Completion form')).toBeInTheDocument();
  });

  it('also gates /settings', async () => {
    serve(user({}));
    renderAt('/settings');
    expect(await screen.findByText('Completion form')).toBeInTheDocument();
  });

  it('leaves public pages, auth paths and vendor pages alone', async () => {
    for (const path of ['/about', '/auth/callback', '/enamine']) {
      serve(user({}));
      const { unmount } = render(
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            <ProfileGate>
              <p>Page content</p>
            </ProfileGate>
          </AuthProvider>
        </MemoryRouter>,
      );
      expect(await screen.findByText('Page content')).toBeInTheDocument();
      unmount();
    }
  });

  it('never stops anonymous users or complete registrations', async () => {
    serve(user({ is_anonymous: true, email: null, profile: null }));
    renderAt('/');
    expect(await screen.findByText('Page content')).toBeInTheDocument();
  });

  it('lets a complete registration through', async () => {
    serve(user({ profile: { ...PROFILE, company: 'Lab', completed_registration: true } }));
    renderAt('/settings');
    expect(await screen.findByText('Page content')).toBeInTheDocument();
  });

  it('decides by the company when the profile check fails', async () => {
    serve(user({ profile: { ...PROFILE, company: 'Lab' } }), 'fails');
    renderAt('/');
    expect(await screen.findByText('Page content')).toBeInTheDocument();
  });

  it('redirects when the check fails and there is no company', async () => {
    serve(user({}), 'fails');
    renderAt('/');
    expect(await screen.findByText('Completion form')).toBeInTheDocument();
  });
});
