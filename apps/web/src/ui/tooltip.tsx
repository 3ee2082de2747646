import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './tooltip.module.css';

/** Spec section 9: tooltips open after 700 ms. */
export const TOOLTIP_DELAY_MS = 700;

export function TooltipProvider({ children }: { children: ReactNode }): React.JSX.Element {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>;
}

/** Wraps one focusable element and shows `content` on hover or focus. */
export function Tooltip({ content, children }: { content: ReactNode; children: React.ReactElement }): React.JSX.Element {
  // Its own provider, so the primitive also works outside the app shell (dialogs in portals, tests).
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className={styles.content} sideOffset={6}>
          {content}
          <RadixTooltip.Arrow className={styles.arrow} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
