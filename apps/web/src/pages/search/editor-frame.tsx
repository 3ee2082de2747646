import { Component, lazy, Suspense, useRef } from 'react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useEditorFocusGuard } from './editor-focus.ts';
import type { MoleculeEditorProps } from './molecule-editor.tsx';
import styles from './search.module.css';

const MoleculeEditor = lazy(() => import('./molecule-editor.tsx'));

function EditorLoading(): React.JSX.Element {
  return (
    <div className={styles.editorLoading} role="status">
      <Skeleton height="100%" className={styles.editorSkeleton} />
      <span className={styles.editorLoadingText}>Loading molecule editor...</span>
    </div>
  );
}

/** A failure to load the editor leaves SMILES typing usable. */
class EditorFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.editorLoading} role="alert">
        <span className={styles.editorLoadingText}>The molecule editor could not be loaded. You can still type a SMILES above.</span>
      </div>
    );
  }
}

/**
 * The structure editor area (spec: 500–550 px tall) with its loading placeholder. While options, a job or
 * results take its place it is set aside, invisible and inert, but keeps its size: Ketcher fits every molecule
 * to its canvas, and a canvas of no size (display: none) left the zoom at 10 % for the next molecule.
 */
export function EditorFrame({ hidden, ...props }: MoleculeEditorProps & { hidden: boolean }): React.JSX.Element {
  const frame = useRef<HTMLDivElement>(null);
  useEditorFocusGuard(frame);
  return (
    <div ref={frame} className={hidden ? `${styles.editor} ${styles.editorAside}` : styles.editor} inert={hidden} aria-hidden={hidden || undefined} data-testid="molecule-editor">
      <EditorFailure>
        <Suspense fallback={<EditorLoading />}>
          <MoleculeEditor {...props} inert={hidden} />
        </Suspense>
      </EditorFailure>
    </div>
  );
}
