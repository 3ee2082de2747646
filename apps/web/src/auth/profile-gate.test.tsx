import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '../api/account-api.ts';
import { jsonResponse, sessionResponse, testProfile, testUser } from './account-fixtures.test-data.ts';
import { AuthProvider } from './auth-provider.tsx';
import { ProfileGate } from './profile-gate.tsx';

function user(overrides: Partial<MeUser>): MeUser {
  return testUser({ email: 'new@lab.org', name: 'New', display_name: 'New', profile: testProfile({}), ...overrides });
}

/** The first /api/me answers with the user; later ones (the gate's own check) with `recheck`. */
function serve(me: MeUser, recheck: 'same' | 'fails' = 'same') {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const path = String(input);
      if (path === '/api/me') {
        calls += 1;
        if (calls > 1 && recheck === 'fails') return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Internal error' } });
        return jsonResponse(200, { user: me });
      }
      if (path === '/api/auth/get-session') return sessionResponse();
      return jsonResponse(204, {});
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
    serve(user({ profile: testProfile({ company: 'Lab', completed_registration: true }) }));
    renderAt('/settings');
    expect(await screen.findByText('Page content')).toBeInTheDocument();
  });

  it('decides by the company when the profile check fails', async () => {
    serve(user({ profile: testProfile({ company: 'Lab' }) }), 'fails');
    renderAt('/');
    expect(await screen.findByText('Page content')).toBeInTheDocument();
  });

  it('redirects when the check fails and there is no company', async () => {
    serve(user({}), 'fails');
    renderAt('/');
    expect(await screen.findByText('Completion form')).toBeInTheDocument();
  });
});
