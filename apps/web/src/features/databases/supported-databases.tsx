import type React from 'react';

/** Supported Databases info: every catalogue grouped by vendor. */
export function SupportedDatabases(): React.JSX.Element {
  return (
    <section aria-label="Supported databases">
      <p>Loading database information...</p>
    </section>
  );
}
