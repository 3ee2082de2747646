import type { HitQuery } from '@molsearch/api';
import { useEffect, useRef } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { HitDetail } from './hit-detail.tsx';
import { hitDetailPath } from './hit-detail-api.ts';

export interface HitDetailDialogProps {
  hit: HitQuery;
  onClose: () => void;
}

/**
 * A hit's detail view over the results, which stay as they are underneath. While it is open the address
 * is the detail view's own (/hits/...), so it can be copied, shared and reloaded; closing it, or the
 * browser's back button, returns to the results' address.
 */
export function HitDetailDialog({ hit, onClose }: HitDetailDialogProps): React.JSX.Element {
  const pushed = useRef(false);
  useEffect(() => {
    const path = hitDetailPath(hit);
    window.history.pushState({ hitDetail: path }, '', path);
    pushed.current = true;
    const onPop = () => {
      // Back (or forward) left the detail address: the dialog follows.
      if (window.location.pathname !== path) {
        pushed.current = false;
        onClose();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [hit, onClose]);
  const close = () => {
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
    }
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())} title="Hit details" size="lg">
      <HitDetail hit={hit} headingLevel={2} />
    </Dialog>
  );
}
