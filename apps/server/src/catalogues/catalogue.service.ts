import type { DatabaseInfo } from '@molsearch/api';
import type { CatalogueSummary, SearchEngine } from '../search/search-engine.ts';

/** How long the catalogue list is reused; a catalogue imported while the server runs appears after this. */
const LIST_TTL_MS = 30_000;

/** The imported catalogues: their public description, which can be searched, and the checks submissions need. */
export class CatalogueService {
  private listed: { at: number; catalogues: Promise<CatalogueSummary[]> } | undefined;
  /** Catalogues a search found damaged, by id, with the import they were found in: a re-import clears the mark. */
  private readonly damaged = new Map<string, { reason: string; importedAt: string | undefined }>();
  private readonly engine: SearchEngine;
  private readonly now: () => number;

  constructor(options: { engine: SearchEngine; now: () => number }) {
    this.engine = options.engine;
    this.now = options.now;
  }

  /** Every imported catalogue, those that cannot be searched included (with `unavailable` set). */
  async list(): Promise<CatalogueSummary[]> {
    if (!this.listed || this.now() - this.listed.at > LIST_TTL_MS) {
      const catalogues = this.engine.listCatalogues();
      this.listed = { at: this.now(), catalogues };
      // A failed or empty listing is not kept: the next call reads again, so a server started before its
      // catalogues were imported (or before a search node announced its parts) lists them once they exist.
      const forget = () => {
        if (this.listed?.catalogues === catalogues) this.listed = undefined;
      };
      catalogues.then((listed) => listed.length === 0 && forget(), forget);
    }
    return (await this.listed.catalogues).map((catalogue) => {
      const damage = this.damaged.get(catalogue.id);
      return damage && catalogue.unavailable === undefined && damage.importedAt === catalogue.importedAt ? { ...catalogue, unavailable: damage.reason } : catalogue;
    });
  }

  /** The catalogues that can be searched. */
  async available(): Promise<CatalogueSummary[]> {
    return (await this.list()).filter((catalogue) => catalogue.unavailable === undefined);
  }

  /**
   * Marks `id` as not searchable after a search found its files damaged (the listing reads manifests, not
   * every file, so this is where such damage shows): /api/databases and /api/health say so until it is
   * imported again.
   */
  async markUnavailable(id: string, reason: string): Promise<void> {
    const catalogue = (await this.list()).find((entry) => entry.id === id);
    if (catalogue) this.damaged.set(id, { reason, importedAt: catalogue.importedAt });
  }

  async find(id: string): Promise<CatalogueSummary | undefined> {
    return (await this.list()).find((catalogue) => catalogue.id === id);
  }

  /** The ids in `ids` that name no catalogue. */
  async unknown(ids: string[]): Promise<string[]> {
    const known = new Set((await this.list()).map((catalogue) => catalogue.id));
    return ids.filter((id) => !known.has(id));
  }

  async databases(): Promise<Record<string, DatabaseInfo>> {
    const answer: Record<string, DatabaseInfo> = {};
    for (const catalogue of await this.list()) {
      answer[catalogue.id] = {
        Vendor: catalogue.vendor,
        Website: catalogue.website,
        Email: catalogue.email || 'N/A',
        'Number of molecules': catalogue.count,
        display_name: catalogue.displayName,
        description: catalogue.description,
        badges: catalogue.badges,
        ...(catalogue.unavailable === undefined ? {} : { available: false, unavailable_reason: catalogue.unavailable }),
      };
    }
    return answer;
  }

  /** A molecule from a random row of a random non-empty catalogue. */
  async randomMolecule(random: () => number = Math.random): Promise<{ smiles: string; name: string | null; database: string | null } | undefined> {
    const catalogues = (await this.available()).filter((catalogue) => catalogue.count > 0);
    const catalogue = catalogues[Math.floor(random() * catalogues.length)];
    if (!catalogue) return undefined;
    const row = Math.floor(random() * catalogue.count);
    const rows = await this.engine.readRows(catalogue.id, [row], false);
    const smiles = rows.smiles[0];
    return smiles === undefined ? undefined : { smiles, name: rows.ids[0] ?? null, database: catalogue.id };
  }
}
