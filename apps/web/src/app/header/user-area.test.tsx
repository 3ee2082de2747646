import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '../../api/account-api.ts';
import { jsonResponse, sessionResponse, testProfile, testUser } from '../../auth/account-fixtures.test-data.ts';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { UserArea } from './user-area.tsx';

function user(overrides: Partial<MeUser>): MeUser {
  return testUser({ email: 'marie.curie@lab.org', profile: testProfile({ company: 'Lab', completed_registration: true }), ...overrides });
}

/** /api/me answers `me` (null: signed out); `pending` holds the first answer back to show the loading state. */
function serve(me: MeUser | null, pending?: Promise<void>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const path = String(input);
      if (path === '/api/me') {
        await pending;
        return jsonResponse(200, { user: me });
      }
      if (path === '/api/auth/sign-in/anonymous') return jsonResponse(500, { message: 'anonymous sign-in is off in this test' });
      if (path === '/api/auth/get-session') return sessionResponse();
      if (path === '/api/api-keys') return jsonResponse(200, { keys: [], limit: 3 });
      return jsonResponse(404, {});
    }),
  );
}

function renderArea() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/']}>
        <AuthProvider>
          <Routes>
            <Route path="/" element={<UserArea />} />
            <Route path="/settings" element={<p>Settings page</p>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserArea', () => {
  it('shows a disabled Loading button while the user loads', async () => {
    let release = () => {};
    serve(null, new Promise<void>((resolve) => (release = resolve)));
    renderArea();
    expect(screen.getByRole('button', { name: 'Loading' })).toBeDisabled();
    release();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('shows the cached user of this tab at once while the server is asked again', async () => {
    sessionStorage.setItem('molsearch.auth-user', JSON.stringify({ at: Date.now(), user: user({ name: 'Marie' }) }));
    let release = () => {};
    serve(null, new Promise<void>((resolve) => (release = resolve)));
    renderArea();
    expect(screen.getByRole('button', { name: 'Marie account menu' })).toBeInTheDocument();
    // The server says the session is gone: the header follows.
    release();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows Sign In to anonymous users', async () => {
    serve(user({ is_anonymous: true, email: null, profile: null }));
    renderArea();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('asks an incomplete registration to complete it', async () => {
    serve(user({ profile: null }));
    renderArea();
    expect(await screen.findByRole('link', { name: 'Complete Registration' })).toHaveAttribute('href', '/complete-profile');
  });

  it('shows the API button and the user menu, labelled by the e-mail local part without a name', async () => {
    serve(user({}));
    renderArea();
    const trigger = await screen.findByRole('button', { name: 'marie.curie account menu' });
    expect(screen.getByRole('button', { name: 'API keys' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'API keys' }));
    expect(await screen.findByRole('dialog', { name: 'API Key Management' })).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(trigger).toBeInTheDocument();
  });

  it('prefers the display name for the menu label', async () => {
    serve(user({ display_name: 'Marie C.', name: 'Marie' }));
    renderArea();
    expect(await screen.findByRole('button', { name: 'Marie C. account menu' })).toBeInTheDocument();
  });
});
