import type { ApiKey } from '../../api/account-api.ts';
import { formatDate, lastUsedText, usageText } from './api-key-format.ts';
import styles from './api-key-dialog.module.css';
import { Button } from '../../ui/button.tsx';

/** Created / expiry / usage facts of a key; the edit form leads with the key id, the card ends with the last use. */
export function ApiKeyFacts({ apiKey, showKeyId = false, now }: { apiKey: ApiKey; showKeyId?: boolean; now?: number }): React.JSX.Element {
  return (
    <dl className={styles.facts}>
      {showKeyId && (
        <div>
          <dt>Key ID</dt>
          <dd>
            <code>{apiKey.api_key_id}</code>
          </dd>
        </div>
      )}
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
      {now !== undefined && (
        <div>
          <dt>Last used</dt>
          <dd>{lastUsedText(apiKey.last_used_at, now)}</dd>
        </div>
      )}
    </dl>
  );
}

export interface KeyNameFieldsProps {
  name: string;
  description: string;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
  /** Only the create form suggests example values. */
  namePlaceholder?: string;
  descriptionPlaceholder?: string;
}

/** Name and description inputs shared by the create and edit forms. */
export function KeyNameFields({
  name,
  description,
  onNameChange,
  onDescriptionChange,
  namePlaceholder,
  descriptionPlaceholder,
}: KeyNameFieldsProps): React.JSX.Element {
  return (
    <>
      <label className={styles.field}>
        <span>
          Key Name <span aria-hidden="true">*</span>
        </span>
        <input value={name} onChange={(e) => onNameChange(e.target.value)} placeholder={namePlaceholder} required aria-required="true" autoFocus />
      </label>
      <label className={styles.field}>
        <span>Description (optional)</span>
        <textarea value={description} onChange={(e) => onDescriptionChange(e.target.value)} rows={2} placeholder={descriptionPlaceholder} />
      </label>
    </>
  );
}

/** The form's error, then Cancel and the submit button. */
export function KeyFormFooter({
  error,
  submitLabel,
  submitDisabled,
  onCancel,
}: {
  error: string | null;
  submitLabel: string;
  submitDisabled: boolean;
  onCancel: () => void;
}): React.JSX.Element {
  return (
    <>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
