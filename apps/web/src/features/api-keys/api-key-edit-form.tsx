import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ApiKey } from '../../api/account-api.ts';
import { keyDescriptionError, keyNameError } from './api-key-format.ts';
import { ApiKeyFacts, KeyFormFooter, KeyNameFields } from './api-key-fields.tsx';
import styles from './api-key-dialog.module.css';

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
      <ApiKeyFacts apiKey={apiKey} showKeyId />
      <KeyNameFields name={name} description={description} onNameChange={setName} onDescriptionChange={setDescription} />
      <p className={styles.note}>Only the name and description can be changed. The key value, expiry and usage stay as they are.</p>
      <KeyFormFooter error={error ?? serverError} submitLabel={pending ? 'Saving...' : 'Save Changes'} submitDisabled={pending} onCancel={onCancel} />
    </form>
  );
}
