import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Keeps the editor from taking the focus on its own. Ketcher focuses a hidden clipboard field when it
 * mounts and after some changes; a focus that arrives while the user's last click or key press was
 * elsewhere (typing in the SMILES box, say) goes back to where it was. A click inside the editor or a Tab
 * into it lets the focus in.
 */
export function useEditorFocusGuard(frame: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    let userInside = false;
    const onPointerDown = (event: PointerEvent) => {
      userInside = event.target instanceof Node && element.contains(event.target);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      userInside = event.key === 'Tab' || (event.target instanceof Node && element.contains(event.target));
    };
    const onFocusIn = (event: FocusEvent) => {
      if (userInside) return;
      const previous = event.relatedTarget;
      if (previous instanceof HTMLElement && !element.contains(previous)) previous.focus({ preventScroll: true });
      else if (event.target instanceof HTMLElement) event.target.blur();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    element.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
      element.removeEventListener('focusin', onFocusIn);
    };
  }, [frame]);
}
