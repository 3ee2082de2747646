import type { SearchQuality, SearchMethod } from '@molsearch/api';
import { DEFAULT_METHOD, DEFAULT_QUALITY, methodInfo, qualityInfo } from './search-options.ts';

/** Stored search settings (spec section 3), kept in session storage under one key. */
export interface SearchSettings {
  searchMethod: SearchMethod;
  /** The search quality (the spec's historical name). */
  searchType: SearchQuality;
  selectedDatabase: string[];
  computeProperties: boolean;
}

export const SETTINGS_KEY = 'molsearch.search-settings';

export const DEFAULT_SETTINGS: SearchSettings = {
  searchMethod: DEFAULT_METHOD,
  searchType: DEFAULT_QUALITY,
  selectedDatabase: [],
  computeProperties: false,
};

/** Reads the stored settings; missing or unreadable values fall back to the defaults. */
export function loadSettings(storage: Storage = sessionStorage): SearchSettings {
  let stored: Partial<SearchSettings> = {};
  try {
    const raw = storage.getItem(SETTINGS_KEY);
    if (raw) stored = JSON.parse(raw) as Partial<SearchSettings>;
  } catch {
    stored = {};
  }
  return {
    searchMethod: methodInfo(String(stored.searchMethod)) ? (stored.searchMethod as SearchMethod) : DEFAULT_SETTINGS.searchMethod,
    searchType: qualityInfo(String(stored.searchType)) ? (stored.searchType as SearchQuality) : DEFAULT_SETTINGS.searchType,
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
