import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from './api-key-format.ts';

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
