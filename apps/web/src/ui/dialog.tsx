import { Dialog as RadixDialog } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Short text under the title, read by screen readers as the dialog's description. */
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Wider dialogs for tables and grids. */
  size?: 'md' | 'lg';
}

/**
 * A modal dialog with a title, a close button, scrollable content and an optional footer. Our dialogs open
 * from state rather than a Radix trigger, so the dialog itself remembers what had the focus and gives it back
 * on closing (Radix alone would leave it on the page's body).
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md' }: DialogProps): React.JSX.Element {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effects run before Radix moves the focus into the dialog.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, [open]);
  const restoreFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={`${styles.content} ${size === 'lg' ? styles.large : ''}`} onCloseAutoFocus={restoreFocus}>
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close">
              ×
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
