import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: "Copied" shows for 2 s. */
export const COPY_CONFIRMATION_MS = 2_000;

/** Copies text to the clipboard and reports "copied" for 2 s (spec section 9). */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }, []);
  return { copied, copy };
}
