import { useEffect, useRef } from 'react';
import { Editor } from 'ketcher-react';
import { StandaloneStructServiceProvider } from 'ketcher-standalone';
import type { Ketcher } from 'ketcher-core';
import 'ketcher-react/dist/index.css';

/** What the search page can do with the editor once it is ready. */
export interface EditorHandle {
  setSmiles(smiles: string): Promise<void>;
  getSmiles(): Promise<string>;
}

export interface MoleculeEditorProps {
  onReady: (handle: EditorHandle) => void;
  /** The molecule drawn by the user, as SMILES ('' when the canvas is empty). */
  onDrawn: (smiles: string) => void;
  onError: (message: string) => void;
  /** True while the editor is set aside: nobody draws on it then. */
  inert?: boolean;
}

const LOAD_SETTLE_MS = 800;

// Chemistry runs in the browser (Indigo compiled to WebAssembly); one service for the page's lifetime.
const structServiceProvider = new StandaloneStructServiceProvider();

/** Ketcher, loaded on demand: this module and its engine live in their own chunks. */
export default function MoleculeEditor({ onReady, onDrawn, onError, inert = false }: MoleculeEditorProps): React.JSX.Element {
  const callbacks = useRef({ onReady, onDrawn, onError });
  callbacks.current = { onReady, onDrawn, onError };
  // What Ketcher reports while set aside (finishing its start-up, re-laying out its canvas) is not a drawing
  // and must not replace the query typed above; the check is at the event, before the SMILES is read.
  const inertNow = useRef(inert);
  inertNow.current = inert;
  // The SMILES of the last molecule the page put in the editor: its own change events are not user drawings.
  // The editor starts empty, so an empty canvas reported during start-up is not a drawing either.
  const applied = useRef<string | null>('');
  // True while the page is loading a molecule, and for a moment after: Ketcher reports the load through
  // change events that may arrive later (after its layout pass); those are not user drawings either.
  const applying = useRef(false);
  const settledAt = useRef(0);
  const ketcherRef = useRef<Ketcher | null>(null);

  useEffect(
    () => () => {
      ketcherRef.current = null;
    },
    [],
  );

  const onInit = (ketcher: Ketcher) => {
    ketcherRef.current = ketcher;
    ketcher.editor.subscribe('change', () => {
      if (inertNow.current) return;
      void (async () => {
        if (applying.current) return;
        try {
          const smiles = await ketcher.getSmiles();
          if (applying.current || smiles === applied.current) return;
          if (performance.now() < settledAt.current) {
            applied.current = smiles;
            return;
          }
          applied.current = null;
          callbacks.current.onDrawn(smiles);
        } catch {
          // A half-drawn structure (e.g. a lone bond being placed) has no SMILES yet.
        }
      })();
    });
    callbacks.current.onReady({
      async setSmiles(smiles: string) {
        applying.current = true;
        try {
          if (smiles.trim()) await ketcher.setMolecule(smiles);
          else ketcher.editor.clear();
          applied.current = smiles.trim() ? await ketcher.getSmiles() : '';
        } finally {
          applying.current = false;
          settledAt.current = performance.now() + LOAD_SETTLE_MS;
        }
      },
      getSmiles: () => ketcher.getSmiles(),
    });
  };

  return (
    <Editor
      staticResourcesUrl=""
      structServiceProvider={structServiceProvider}
      errorHandler={(message: string) => callbacks.current.onError(message)}
      disableMacromoleculesEditor
      onInit={onInit}
    />
  );
}
