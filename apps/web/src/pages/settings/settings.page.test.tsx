import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionResponse, testProfile, testUser } from '../../auth/account-fixtures.test-data.ts';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { Component as SettingsPage } from './settings.page.tsx';

const USER = testUser({ email: 'marie.curie@lab.org', profile: testProfile({ company: 'Lab', completed_registration: true }) });

/** A signed-in user with a complete profile; saving consents fails with `consentFailure` when given. */
function serve(consentFailure?: string) {
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const path = String(input);
      if (path === '/api/me') return jsonResponse(200, { user: USER });
      if (path === '/api/auth/get-session') return sessionResponse();
      if (path === '/api/profile' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(body);
        if (consentFailure && 'contact_consent' in body) return jsonResponse(400, { error: { code: 'INVALID_PARAMETERS', message: consentFailure } });
        return jsonResponse(200, { profile: USER.profile });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return patches;
}

function renderSettings() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/settings']}>
        <AuthProvider>
          <SettingsPage />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings', () => {
  it('saves the profile and says so', async () => {
    const patches = serve();
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Company or institution'), { target: { value: '  Curie Institute ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Profile saved');
    expect(patches).toEqual([{ company: 'Curie Institute', linkedin_profile: '' }]);
  });

  it('names a failed consent save with the server reason', async () => {
    const patches = serve('Contact consent could not be stored');
    renderSettings();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Send me the newsletter with new databases and features' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your preferences: Contact consent could not be stored');
    expect(patches).toEqual([{ contact_consent: false, newsletter_consent: true }]);
  });

  it('asks for the current password before changing it', async () => {
    const patches = serve();
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your current password');
    expect(patches).toEqual([]);
  });
});
