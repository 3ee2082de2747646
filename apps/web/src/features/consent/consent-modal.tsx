import { useEffect, useState } from 'react';
import { useAuth } from '../../auth/auth-provider.tsx';

/** Delay before the modal opens and the visitor flag that remembers it was shown (spec section 4 and 9). */
export const CONSENT_MODAL_DELAY_MS = 15_000;
export const CONSENT_SEEN_KEY = 'molsearch.consent-modal-seen';

/** Feedback consent modal for anonymous and signed-out visitors, once per visitor. */
export function ConsentModal(): React.JSX.Element | null {
  const { status } = useAuth();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (status !== 'anonymous' && status !== 'signed-out') return undefined;
    if (localStorage.getItem(CONSENT_SEEN_KEY) === 'true') return undefined;
    const timer = setTimeout(() => setOpen(true), CONSENT_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const close = () => {
    localStorage.setItem(CONSENT_SEEN_KEY, 'true');
    setOpen(false);
  };

  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="consent-title">
      <h2 id="consent-title">Help us improve molsearch</h2>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}
