import { useEffect, useState } from 'react';
import { accountApi } from '../../api/account-api.ts';
import type { ApiKey } from '../../api/account-api.ts';

export interface ApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** API Key Management dialog (spec section 2). */
export function ApiKeyDialog({ open, onOpenChange }: ApiKeyDialogProps): React.JSX.Element | null {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setKeys(null);
    setError(null);
    accountApi
      .listApiKeys()
      .then((answer) => setKeys(answer.keys))
      .catch((cause: Error) => setError(`Failed to load API keys: ${cause.message}`));
  }, [open]);

  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="api-key-dialog-title">
      <h2 id="api-key-dialog-title">API Key Management</h2>
      {error && <p role="alert">{error}</p>}
      {!error && !keys && <p>Loading API keys...</p>}
      {keys && <p>{keys.length} of 3 API keys used</p>}
      {keys?.length === 0 && <p>No API keys yet</p>}
      <ul>
        {keys?.map((key) => (
          <li key={key.api_key_id}>
            {key.key_name || 'Unnamed Key'} {key.key_prefix}...{key.key_suffix}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => onOpenChange(false)}>
        Close
      </button>
    </div>
  );
}
