import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { AccountError, accountApi } from '../../api/account-api.ts';
import type { ApiKey } from '../../api/account-api.ts';
import { ApiKeyCard } from './api-key-card.tsx';
import { ApiKeyCreateForm } from './api-key-create-form.tsx';
import type { CreateKeyInput } from './api-key-create-form.tsx';
import { ApiKeyEditForm } from './api-key-edit-form.tsx';
import { MAX_API_KEYS } from './api-key-format.ts';
import styles from './api-key-dialog.module.css';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

export interface ApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const API_KEYS_QUERY = ['api-keys'] as const;

type View = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; key: ApiKey };

/** A validation or limit message from the server is shown as is; anything else gets the spec's fallback. */
function actionError(error: unknown, fallback: string): string {
  if (error instanceof AccountError && error.status !== undefined && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}

/** API Key Management dialog (spec section 2): list, create, edit and delete the caller's keys. */
export function ApiKeyDialog({ open, onOpenChange }: ApiKeyDialogProps): React.JSX.Element {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="API Key Management"
      description="API keys let your scripts and pipelines call the molsearch API. Keep them secret."
      size="lg"
    >
      {open && <ApiKeyManager onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ApiKeyManager({ onClose }: { onClose: () => void }): React.JSX.Element {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const keys = useQuery({ queryKey: API_KEYS_QUERY, queryFn: accountApi.listApiKeys, staleTime: 0 });

  const create = useMutation({
    mutationFn: (input: CreateKeyInput) => accountApi.createApiKey(input),
    onSuccess: async ({ key }) => {
      setRevealed((current) => ({ ...current, [key.api_key_id]: key.api_key_value }));
      setView({ kind: 'list' });
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY });
    },
    onError: (error) => setFormError(actionError(error, 'Failed to generate API key')),
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: { key_name: string; key_description: string } }) => accountApi.updateApiKey(id, input),
    onSuccess: async () => {
      setView({ kind: 'list' });
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY });
    },
    onError: (error) => setFormError(actionError(error, 'Failed to update API key')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => accountApi.deleteApiKey(id),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY });
    },
    onError: (error) => {
      setDeleting(null);
      setListError(actionError(error, 'Failed to delete API key'));
    },
  });

  const openForm = (next: View) => {
    setFormError(null);
    setListError(null);
    setView(next);
  };

  if (view.kind === 'create') {
    return (
      <ApiKeyCreateForm
        pending={create.isPending}
        serverError={formError}
        onSubmit={(input) => create.mutate(input)}
        onCancel={() => openForm({ kind: 'list' })}
      />
    );
  }
  if (view.kind === 'edit') {
    return (
      <ApiKeyEditForm
        apiKey={view.key}
        pending={update.isPending}
        serverError={formError}
        onSave={(input) => update.mutate({ id: view.key.api_key_id, input })}
        onCancel={() => openForm({ kind: 'list' })}
      />
    );
  }

  const list = keys.data?.keys ?? [];
  const limit = keys.data?.limit ?? MAX_API_KEYS;
  const now = Date.now();

  return (
    <div className={styles.body}>
      {keys.isPending && (
        <p role="status" className={styles.muted}>
          Loading API keys...
        </p>
      )}
      {keys.isError && (
        <p role="alert" className={styles.error}>
          Failed to load API keys: {keys.error.message}
        </p>
      )}
      {keys.isSuccess && (
        <>
          <div className={styles.usage}>
            <span>
              {list.length} of {limit} API keys used
            </span>
            {list.length >= limit && (
              <span className={styles.limit} role="status">
                Key limit reached. Delete a key to create a new one.
              </span>
            )}
          </div>
          {listError && (
            <p role="alert" className={styles.error}>
              {listError}
            </p>
          )}
          {list.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>No API keys yet</p>
              <p className={styles.muted}>Create a key to use molsearch from your own code.</p>
              <Button type="button" variant="primary" onClick={() => openForm({ kind: 'create' })}>
                Create Your First API Key
              </Button>
            </div>
          ) : (
            <div className={styles.list}>
              {list.map((key) => (
                <ApiKeyCard
                  key={key.api_key_id}
                  apiKey={key}
                  fullValue={revealed[key.api_key_id]}
                  now={now}
                  onEdit={() => openForm({ kind: 'edit', key })}
                  onDelete={() => setDeleting(key)}
                />
              ))}
            </div>
          )}
        </>
      )}
      <div className={styles.formActions}>
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
        {keys.isSuccess && list.length > 0 && (
          <Button type="button" variant="primary" onClick={() => openForm({ kind: 'create' })}>
            Create New Key
          </Button>
        )}
      </div>
      <AlertDialog.Root open={deleting !== null} onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={styles.overlay} />
          <AlertDialog.Content className={styles.confirm}>
            <AlertDialog.Title className={styles.title}>Delete API Key</AlertDialog.Title>
            <AlertDialog.Description className={styles.muted}>
              Are you sure you want to delete &ldquo;{deleting?.key_name || 'Unnamed Key'}&rdquo;? This action cannot be undone, and any
              applications using this key will stop working.
            </AlertDialog.Description>
            <div className={styles.formActions}>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button
                type="button"
                variant="danger"
                disabled={remove.isPending}
                onClick={() => deleting && remove.mutate(deleting.api_key_id)}
              >
                {remove.isPending ? 'Deleting...' : 'Delete Key'}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
