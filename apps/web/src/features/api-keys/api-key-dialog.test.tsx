import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../api/account-api.ts';
import { ApiKeyDialog } from './api-key-dialog.tsx';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const LIMIT_MESSAGE = 'Maximum number of API keys (3) reached. Please delete an existing key before creating a new one.';

function key(overrides: Partial<ApiKey>): ApiKey {
  return {
    api_key_id: 'k1',
    key_name: 'Pipeline',
    key_description: null,
    tier: 'free',
    expiration_days: 365,
    expires_at: '2027-11-20T12:00:00Z',
    is_active: true,
    created_at: '2026-11-01T12:00:00Z',
    updated_at: '2026-11-01T12:00:00Z',
    usage_count: 0,
    last_used_at: null,
    key_prefix: 'ck_AbCdE',
    key_suffix: 'wXyZ1234',
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API key endpoints as the accounts contract describes them, answering from memory. */
function keyServer(initial: ApiKey[], options: { failList?: boolean; holdDelete?: Promise<void> } = {}) {
  const keys = [...initial];
  const calls: Call[] = [];
  const issued: string[] = [];
  let counter = 0;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/api-keys' && method === 'GET') {
      if (options.failList) return json(500, { error: { code: 'internal', message: 'database unavailable' } });
      return json(200, { keys, limit: 3 });
    }
    if (path === '/api/api-keys' && method === 'POST') {
      if (keys.length >= 3) return json(400, { error: { code: 'key_limit', message: LIMIT_MESSAGE } });
      const input = body as { key_name: string; key_description?: string; expiration_days: number };
      counter += 1;
      const value = `ck_${'N'.repeat(8)}${'m'.repeat(16)}${String(counter).padStart(8, '7')}`;
      const created = key({
        api_key_id: `new-${counter}`,
        key_name: input.key_name,
        key_description: input.key_description ?? null,
        expiration_days: input.expiration_days,
        key_prefix: value.slice(0, 8),
        key_suffix: value.slice(-8),
        created_at: new Date(NOW).toISOString(),
      });
      keys.unshift(created);
      issued.push(value);
      return json(201, { key: { ...created, api_key_value: value } });
    }
    const match = /^\/api\/api-keys\/(.+)$/.exec(path);
    if (match) {
      const index = keys.findIndex((item) => item.api_key_id === decodeURIComponent(match[1]!));
      if (method === 'DELETE') {
        await options.holdDelete;
        keys.splice(index, 1);
        return json(200, { ok: true });
      }
      if (method === 'PATCH') {
        keys[index] = { ...keys[index]!, ...(body as object) };
        return json(200, { key: keys[index] });
      }
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  };
  return { keys, calls, issued, fetchImpl };
}

function renderDialog(server: ReturnType<typeof keyServer>) {
  vi.stubGlobal('fetch', vi.fn(server.fetchImpl));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ApiKeyDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ApiKeyDialog', () => {
  it('shows loading, then the empty state with its counter and first-key button', async () => {
    renderDialog(keyServer([]));
    expect(screen.getByText('Loading API keys...')).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 API keys used')).toBeInTheDocument();
    expect(screen.queryByText(/Key limit reached/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First API Key' })).toBeInTheDocument();
  });

  it('reports a failed load with the reason', async () => {
    renderDialog(keyServer([], { failList: true }));
    expect(await screen.findByText('Failed to load API keys: database unavailable')).toBeInTheDocument();
  });

  it('shows each card with name, badge, dates, usage, relative last use and the masked key', async () => {
    renderDialog(
      keyServer([
        key({ api_key_id: 'a', key_name: 'Active one', key_description: 'Nightly screen', usage_count: 12, last_used_at: '2026-11-20T10:00:00Z' }),
        key({ api_key_id: 'b', key_name: null, last_used_at: null }),
        key({ api_key_id: 'c', key_name: 'Old', expires_at: '2026-11-19T12:00:00Z', last_used_at: '2026-11-17T11:00:00Z' }),
      ]),
    );
    const cards = await screen.findAllByTestId('api-key-card');
    expect(cards).toHaveLength(3);
    expect(screen.getByText('3 of 3 API keys used')).toBeInTheDocument();
    expect(screen.getByText(/Key limit reached/)).toBeInTheDocument();

    const active = within(cards[0]!);
    expect(active.getByText('Active one')).toBeInTheDocument();
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.getByText('Nightly screen')).toBeInTheDocument();
    expect(active.getByText('12 requests')).toBeInTheDocument();
    expect(active.getByText('2 hours ago')).toBeInTheDocument();
    expect(active.getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(active.getByText('Nov 20, 2027')).toBeInTheDocument();
    const masked = active.getByTestId('api-key-value').textContent ?? '';
    expect(masked.startsWith('ck_AbCdE')).toBe(true);
    expect(masked.endsWith('wXyZ1234')).toBe(true);
    expect(masked).toContain('••••');
    // Only hashes are stored: an existing key offers neither show nor copy.
    expect(active.queryByRole('button', { name: 'Copy key' })).not.toBeInTheDocument();

    const unnamed = within(cards[1]!);
    expect(unnamed.getByText('Unnamed Key')).toBeInTheDocument();
    expect(unnamed.getByText('Never Used')).toBeInTheDocument();
    expect(unnamed.getByText('Never')).toBeInTheDocument();

    const expired = within(cards[2]!);
    expect(expired.getByText('Expired')).toBeInTheDocument();
    expect(expired.getByText('3 days ago')).toBeInTheDocument();
  });

  it('validates the create form with the spec messages and keeps Create disabled while the name is empty', async () => {
    const server = keyServer([]);
    renderDialog(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Your First API Key' }));
    const create = screen.getByRole('button', { name: 'Create Key' });
    expect(create).toBeDisabled();

    const expiration = screen.getByLabelText('Expiration');
    expect(expiration).toHaveValue('365');
    expect(within(expiration).getAllByRole('option').map((option) => option.textContent)).toEqual(['30 days', '90 days', '6 months', '1 year', '2 years']);
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('link', { name: 'Python tutorial' })).toHaveAttribute('href', '/tutorial#api');

    const name = screen.getByLabelText(/Key Name/);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(create).toBeDisabled();
    fireEvent.change(name, { target: { value: 'ab' } });
    fireEvent.click(create);
    expect(await screen.findByText('Key name must be at least 3 characters')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(create);
    expect(await screen.findByText('Key name must be less than 50 characters')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Screening' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'd'.repeat(201) } });
    fireEvent.click(create);
    expect(await screen.findByText('Description must be less than 200 characters')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows a new key once in full, hides it on request, and confirms a copy for 2 s', async () => {
    const server = keyServer([]);
    renderDialog(server);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    fireEvent.click(await screen.findByRole('button', { name: 'Create Your First API Key' }));
    fireEvent.change(screen.getByLabelText(/Key Name/), { target: { value: 'Screening' } });
    fireEvent.change(screen.getByLabelText('Expiration'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));

    const card = within(await screen.findByTestId('api-key-card'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ key_name: 'Screening', expiration_days: 90 });
    const value = server.issued[0]!;
    expect(card.getByTestId('api-key-value')).toHaveTextContent(value);
    expect(await screen.findByText('1 of 3 API keys used')).toBeInTheDocument();

    fireEvent.click(card.getByRole('button', { name: 'Hide key' }));
    expect(card.getByTestId('api-key-value').textContent).toBe(`${value.slice(0, 8)}${'•'.repeat(16)}${value.slice(-8)}`);

    vi.useRealTimers();
    vi.useFakeTimers({ now: NOW });
    await act(async () => {
      fireEvent.click(card.getByRole('button', { name: 'Copy key' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(value);
    expect(card.getByRole('button', { name: 'Copy key' })).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1_999));
    expect(card.getByRole('button', { name: 'Copy key' })).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(card.getByRole('button', { name: 'Copy key' })).toHaveTextContent(/^Copy$/);
  });

  it("shows the server's refusal of a fourth key", async () => {
    renderDialog(keyServer([key({ api_key_id: 'a' }), key({ api_key_id: 'b' }), key({ api_key_id: 'c' })]));
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Key' }));
    fireEvent.change(screen.getByLabelText(/Key Name/), { target: { value: 'Fourth' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText(LIMIT_MESSAGE)).toBeInTheDocument();
  });

  it('edits only name and description, and closes without a request when nothing changed', async () => {
    const server = keyServer([key({ api_key_id: 'k-42', key_name: 'Pipeline', key_description: 'Old text', usage_count: 5 })]);
    renderDialog(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Pipeline' }));
    const form = within(screen.getByRole('form', { name: 'Edit API key' }));
    expect(form.getByText('k-42')).toBeInTheDocument();
    expect(form.getByText('5 requests')).toBeInTheDocument();
    expect(form.getByText(/Only the name and description can be changed/)).toBeInTheDocument();
    fireEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('api-key-card')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Pipeline' }));
    fireEvent.change(screen.getByLabelText(/Key Name/), { target: { value: 'xy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Key name must be at least 3 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Key Name/), { target: { value: 'Renamed' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'New text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/api-keys/k-42',
      body: { key_name: 'Renamed', key_description: 'New text' },
    });
  });

  it('asks before deleting, shows "Deleting..." while it runs, then removes the card', async () => {
    let release = () => {};
    const holdDelete = new Promise<void>((resolve) => (release = resolve));
    renderDialog(keyServer([key({ api_key_id: 'gone', key_name: 'Temporary' })], { holdDelete }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Temporary' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Delete API Key')).toBeInTheDocument();
    expect(confirm.getByText(/cannot be undone/)).toBeInTheDocument();
    expect(confirm.getByText(/stop working/)).toBeInTheDocument();
    expect(confirm.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete Key' }));
    expect(await confirm.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
