import type React from 'react';

/** What the search page hands over once a job has succeeded. */
export interface SubmittedSearch {
  jobName: string;
  smiles: string;
  method: string;
  quality: string;
  databases: string[];
}

export interface SearchResultsProps {
  search: SubmittedSearch;
  onModify: () => void;
  onNewSearch: () => void;
}

export function SearchResults({ search, onModify, onNewSearch }: SearchResultsProps): React.JSX.Element {
  return (
    <section aria-label="Search results">
      <h2>Results</h2>
      <p>
        {search.smiles} · {search.method} · {search.quality} · {search.databases.join(', ')}
      </p>
      <button type="button" onClick={onModify}>Modify search</button>
      <button type="button" onClick={onNewSearch}>New search</button>
    </section>
  );
}
