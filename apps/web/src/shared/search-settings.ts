import type { SearchQuality, SearchMethod } from '@molsearch/api';
import { DEFAULT_METHOD, DEFAULT_QUALITY, methodInfo, qualityInfo } from './search-options.ts';

/** Stored search settings (spec section 3), kept in session storage under one key. */
export interface SearchSettings {
  searchMethod: SearchMethod;
  searchQuality: SearchQuality;
  selectedDatabase: string[];
  computeProperties: boolean;
}

export const SETTINGS_KEY = 'molsearch.search-settings';

export const DEFAULT_SETTINGS: SearchSettings = {
  searchMethod: DEFAULT_METHOD,
  searchQuality: DEFAULT_QUALITY,
  selectedDatabase: [],
  computeProperties: false,
};

/**
 * Settings as stored. Pages before `searchQuality` stored the quality as `searchType` (the spec's name); it is
 * read once and written back under the new name with the next save.
 */
type StoredSettings = Partial<SearchSettings> & { searchType?: unknown };

/** Reads the stored settings; missing or unreadable values fall back to the defaults. */
export function loadSettings(storage: Storage = sessionStorage): SearchSettings {
  let stored: StoredSettings = {};
  try {
    const raw = storage.getItem(SETTINGS_KEY);
    if (raw) stored = JSON.parse(raw) as StoredSettings;
  } catch {
    stored = {};
  }
  const quality = stored.searchQuality ?? stored.searchType;
  return {
    searchMethod: methodInfo(String(stored.searchMethod)) ? (stored.searchMethod as SearchMethod) : DEFAULT_SETTINGS.searchMethod,
    searchQuality: qualityInfo(String(quality)) ? (quality as SearchQuality) : DEFAULT_SETTINGS.searchQuality,
    selectedDatabase: Array.isArray(stored.selectedDatabase) ? stored.selectedDatabase.filter((id) => typeof id === 'string') : [],
    computeProperties: stored.computeProperties === true,
  };
}

export function saveSettings(settings: SearchSettings, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled (private mode): settings then last for this page only.
  }
}
