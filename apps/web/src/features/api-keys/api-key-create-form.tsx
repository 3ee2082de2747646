import { useState } from 'react';
import type { FormEvent } from 'react';
import { DEFAULT_EXPIRATION_DAYS, EXPIRATION_OPTIONS, expirationError, keyDescriptionError, keyNameError } from './api-key-format.ts';
import { KeyFormFooter, KeyNameFields } from './api-key-fields.tsx';
import styles from './api-key-dialog.module.css';

export interface CreateKeyInput {
  key_name: string;
  key_description?: string;
  expiration_days: number;
}

export interface ApiKeyCreateFormProps {
  pending: boolean;
  /** Error from the server (limit reached, validation), shown above the buttons. */
  serverError: string | null;
  onSubmit: (input: CreateKeyInput) => void;
  onCancel: () => void;
}

export function ApiKeyCreateForm({ pending, serverError, onSubmit, onCancel }: ApiKeyCreateFormProps): React.JSX.Element {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [days, setDays] = useState<number>(DEFAULT_EXPIRATION_DAYS);
  const [error, setError] = useState<string | null>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = keyNameError(name) ?? keyDescriptionError(description) ?? expirationError(days);
    setError(problem);
    if (problem) return;
    onSubmit({ key_name: name.trim(), key_description: description.trim() || undefined, expiration_days: days });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Create API key">
      <h3 className={styles.formTitle}>Create New API Key</h3>
      <KeyNameFields
        name={name}
        description={description}
        onNameChange={setName}
        onDescriptionChange={setDescription}
        namePlaceholder="e.g. Screening pipeline"
        descriptionPlaceholder="What this key is used for"
      />
      <label className={styles.field}>
        <span>Expiration</span>
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {EXPIRATION_OPTIONS.map((option) => (
            <option key={option.days} value={option.days}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.links}>
        <p>
          API endpoint: <code>{origin}/api/submit_molsearch</code>
        </p>
        <p>
          Send the key in the <code>X-API-Key</code> header. Read the <a href="/api/docs">API documentation</a> or the{' '}
          <a href="/tutorial#api">Python tutorial</a>.
        </p>
      </div>
      <KeyFormFooter
        error={error ?? serverError}
        submitLabel={pending ? 'Creating...' : 'Create Key'}
        submitDisabled={!name.trim() || pending}
        onCancel={onCancel}
      />
    </form>
  );
}
