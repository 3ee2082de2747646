import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ApiKey } from '../../api/account-api.ts';
import { formatDate, keyDescriptionError, keyNameError, usageText } from './api-key-format.ts';
import styles from './api-key-dialog.module.css';
import { Button } from '../../components/ui/button.tsx';

export interface ApiKeyEditFormProps {
  apiKey: ApiKey;
  pending: boolean;
  serverError: string | null;
  onSave: (input: { key_name: string; key_description: string }) => void;
  onCancel: () => void;
}

export function ApiKeyEditForm({ apiKey, pending, serverError, onSave, onCancel }: ApiKeyEditFormProps): React.JSX.Element {
  const [name, setName] = useState(apiKey.key_name ?? '');
  const [description, setDescription] = useState(apiKey.key_description ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = keyNameError(name) ?? keyDescriptionError(description);
    setError(problem);
    if (problem) return;
    const next = { key_name: name.trim(), key_description: description.trim() };
    // Saving with no changes just closes the form.
    if (next.key_name === (apiKey.key_name ?? '') && next.key_description === (apiKey.key_description ?? '')) {
      onCancel();
      return;
    }
    onSave(next);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit API key">
      <h3 className={styles.formTitle}>Edit API Key</h3>
      <dl className={styles.facts}>
        <div>
          <dt>Key ID</dt>
          <dd>
            <code>{apiKey.api_key_id}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(apiKey.created_at)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{formatDate(apiKey.expires_at)}</dd>
        </div>
        <div>
          <dt>Usage</dt>
          <dd>{usageText(apiKey.usage_count)}</dd>
        </div>
      </dl>
      <label className={styles.field}>
        <span>
          Key Name <span aria-hidden="true">*</span>
        </span>
        <input value={name} onChange={(e) => setName(e.target.value)} required aria-required="true" autoFocus />
      </label>
      <label className={styles.field}>
        <span>Description (optional)</span>
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
      </label>
      <p className={styles.note}>Only the name and description can be changed. The key value, expiry and usage stay as they are.</p>
      {(error ?? serverError) && (
        <p role="alert" className={styles.error}>
          {error ?? serverError}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
