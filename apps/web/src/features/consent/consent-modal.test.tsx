import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '../../api/account-api.ts';
import { jsonResponse, sessionResponse, testUser } from '../../auth/account-fixtures.test-data.ts';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { CONSENT_IDLE_MS, CONSENT_MODAL_DELAY_MS, CONSENT_SEEN_KEY, ConsentModal } from './consent-modal.tsx';

function user(overrides: Partial<MeUser>): MeUser {
  return testUser({ id: 'u1', email: null, is_anonymous: true, email_verified: false, ...overrides });
}

interface Posted {
  path: string;
  body: unknown;
}

/** /api/me answers with the given user; /api/consent answers with the given status and message. */
function server(me: MeUser | null, consent: { status: number; message?: string } = { status: 200 }) {
  const posted: Posted[] = [];
  const json = jsonResponse;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const path = String(input);
      if (init.method === 'POST') posted.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/me') return json(200, { user: me });
      if (path === '/api/auth/get-session') return sessionResponse();
      if (path === '/api/analytics') return new Response(null, { status: 204 });
      if (path === '/api/consent') {
        return consent.status === 200 ? json(200, { ok: true }) : json(consent.status, { error: { code: 'consent', message: consent.message } });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
  return posted;
}

function renderModal() {
  render(
    <MemoryRouter>
      <AuthProvider>
        <ConsentModal />
      </AuthProvider>
    </MemoryRouter>,
  );
}

/** Lets the auth load settle, then moves the clock to just before and exactly at the 15 s mark. */
async function waitForDelay(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(CONSENT_MODAL_DELAY_MS - 1);
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ConsentModal', () => {
  it('opens after 15 s for an anonymous visitor with both boxes checked', async () => {
    const posted = server(user({}));
    renderModal();
    await waitForDelay();
    expect(screen.getByRole('dialog', { name: 'Help us improve molsearch' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /contacted for feedback/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /newsletter/ })).toBeChecked();
    expect(posted.some((entry) => entry.path === '/api/analytics' && (entry.body as { event: string }).event === 'view_consent_modal')).toBe(true);
  });

  it('waits while the visitor types, opens once they pause, and gives the focus back on closing', async () => {
    server(user({}));
    render(
      <MemoryRouter>
        <AuthProvider>
          <input aria-label="SMILES" />
          <ConsentModal />
        </AuthProvider>
      </MemoryRouter>,
    );
    const box = screen.getByRole('textbox', { name: 'SMILES' });
    box.focus();
    const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    // The visitor's session loads first.
    await advance(0);
    await advance(10_000);
    // One key a second from 10 s to 20 s: past the 15 s mark, the modal must not open mid-word.
    for (let second = 0; second < 10; second++) {
      fireEvent.keyDown(box, { key: 'C' });
      await advance(1_000);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(box).toHaveFocus();
    }
    await advance(CONSENT_IDLE_MS - 1_001);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog', { name: 'Help us improve molsearch' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(0);
    expect(box).toHaveFocus();
  });

  it('validates and trims the e-mail, saves the consents, offers registration and is not shown again', async () => {
    const posted = server(null);
    renderModal();
    await waitForDelay();
    vi.useRealTimers();
    const email = screen.getByLabelText('Email');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'chemist.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(posted.filter((entry) => entry.path === '/api/consent')).toHaveLength(0);

    fireEvent.change(email, { target: { value: '  chemist@example.org  ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /newsletter/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Create a free account' })).toBeInTheDocument();
    expect(posted.find((entry) => entry.path === '/api/consent')?.body).toEqual({
      email: 'chemist@example.org',
      contact_consent: true,
      newsletter_consent: false,
    });
    expect(localStorage.getItem(CONSENT_SEEN_KEY)).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when saving fails", async () => {
    server(user({}), { status: 401, message: 'No active session found. Please refresh the page and try again.' });
    renderModal();
    await waitForDelay();
    vi.useRealTimers();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('No active session found. Please refresh the page and try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Help us improve molsearch' })).toBeInTheDocument();
  });

  it('closing remembers the visitor, and a remembered visitor never sees it', async () => {
    server(user({}));
    renderModal();
    await waitForDelay();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_SEEN_KEY)).toBe('true');
  });

  it('stays closed for a visitor who has seen it and for registered users', async () => {
    localStorage.setItem(CONSENT_SEEN_KEY, 'true');
    server(user({}));
    const first = render(
      <MemoryRouter>
        <AuthProvider>
          <ConsentModal />
        </AuthProvider>
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONSENT_MODAL_DELAY_MS * 2);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    // Another visitor in a fresh tab.
    localStorage.clear();
    sessionStorage.clear();
    server(user({ is_anonymous: false, email: 'r@lab.org', profile: null }));
    renderModal();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONSENT_MODAL_DELAY_MS * 2);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
