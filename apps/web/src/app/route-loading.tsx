import { Spinner } from '../ui/spinner.tsx';

/** Shown while a page's code loads on demand. */
export function RouteLoading(): React.JSX.Element {
  return (
    <div style={{ padding: '3rem', textAlign: 'center' }}>
      <Spinner label="Loading page" size={28} />
    </div>
  );
}
