import { useRef } from 'react';
import { Editor } from 'ketcher-react';
import { StandaloneStructServiceProvider } from 'ketcher-standalone/dist/binaryWasm';
import type { Ketcher } from 'ketcher-core';
import 'ketcher-react/dist/index.css';
import styles from './search.module.css';

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

// Chemistry runs in the browser (Indigo compiled to WebAssembly); one service for the page's lifetime. Indigo
// comes as its own worker script and .wasm file, which the browser compiles while it downloads and caches
// apart from the editor, instead of 16 MB of base64 inside the editor's script (24 -> 8 MB of JavaScript).
const structServiceProvider = new StandaloneStructServiceProvider();

/** Ketcher, loaded on demand: this module and its engine live in their own chunks. */
export default function MoleculeEditor({ onReady, onDrawn, onError, inert = false }: MoleculeEditorProps): React.JSX.Element {
  const callbacks = useRef({ onReady, onDrawn, onError });
  callbacks.current = { onReady, onDrawn, onError };
  // What Ketcher reports while set aside (finishing its start-up, re-laying out its canvas) is not a drawing
  // and must not replace the query typed above; the check is at the event, before the SMILES is read.
  const inertNow = useRef(inert);
  inertNow.current = inert;
  // The SMILES the canvas last held that was not the user's drawing, or their last drawing: the same again is no news.
  const applied = useRef('');
  // A change is the user's drawing only if they have touched the editor (pointer, key, paste, drop) since the
  // page last put a molecule in it. Ketcher also reports its start-up, the page's loads and its own layout
  // passes as changes, late on a busy machine, and with another SMILES than right after the load
  // (aromatic nitrogens written [n]); none of those may replace the query typed above.
  const touched = useRef(false);
  // Loads not yet finished; they run one after another, so the last one asked for is what the canvas holds.
  const applying = useRef(0);
  const loads = useRef<Promise<void>>(Promise.resolve());
  const onInit = (ketcher: Ketcher) => {
    ketcher.editor.subscribe('change', () => {
      if (inertNow.current || !touched.current || applying.current > 0) return;
      void (async () => {
        try {
          const smiles = await ketcher.getSmiles();
          if (!touched.current || applying.current > 0 || smiles === applied.current) return;
          applied.current = smiles;
          callbacks.current.onDrawn(smiles);
        } catch {
          // A half-drawn structure (e.g. a lone bond being placed) has no SMILES yet.
        }
      })();
    });
    callbacks.current.onReady({
      setSmiles(smiles: string) {
        touched.current = false;
        applying.current += 1;
        const load = async () => {
          try {
            if (smiles.trim()) await ketcher.setMolecule(smiles);
            else ketcher.editor.clear();
            applied.current = smiles.trim() ? await ketcher.getSmiles() : '';
          } finally {
            applying.current -= 1;
          }
        };
        const done = loads.current.then(load);
        loads.current = done.catch(() => undefined);
        return done;
      },
      getSmiles: () => ketcher.getSmiles(),
    });
  };

  const touch = () => {
    touched.current = true;
  };
  return (
    <div className={styles.touchArea} onPointerDownCapture={touch} onKeyDownCapture={touch} onPasteCapture={touch} onDropCapture={touch}>
      <Editor
        staticResourcesUrl=""
        structServiceProvider={structServiceProvider}
        errorHandler={(message: string) => callbacks.current.onError(message)}
        disableMacromoleculesEditor
        onInit={onInit}
      />
    </div>
  );
}
