import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listCatalogues, loadCatalogueConfig } from '@molsearch/engine';
import type { CatalogueConfig } from '@molsearch/engine';
import type { Command } from '../command.ts';

const BUNDLED_CONFIG = fileURLToPath(new URL('../../../../config/catalogues.json', import.meta.url));

export const command: Command = {
  name: 'catalogues',
  summary: 'list the configured and imported catalogues as TSV with their molecule counts',
  usage: '',
  minArgs: 0,
  maxArgs: 0,
  options: {
    config: { type: 'string', valueName: 'file', description: 'catalogue configuration (default: ./config/catalogues.json, else the bundled one)' },
  },
  help: 'Columns: id, name, vendor, badges, molecules (0 when not imported), bytes per molecule, built, problem, and the 3D model (charges and charge state the 3D columns were built with, and the electrostatic score they give).\nEvery index file is checked against the checksum written at import; a damaged catalogue names the file under problem.',
  async run(context) {
    const config = await catalogueConfig(context.options.string('config'), context.io.cwd);
    // Every file is read and checked against its manifest checksum, so damage shows here before a search meets it.
    const infos = await listCatalogues(context.dataDir, config, { verify: true });
    await context.out.line(['id', 'name', 'vendor', 'badges', 'molecules', 'bytes_per_molecule', 'built', 'problem', 'model_3d'].join('\t'));
    for (const info of infos) {
      await context.out.line(
        [info.id, info.displayName, info.vendor.name, info.badges.join(', '), String(info.count), info.bytesPerMolecule?.toString() ?? '', info.created ?? '', info.problem ?? '', info.chargeModel?.description ?? ''].join('\t'),
      );
    }
  },
};

/** `--config`, else ./config/catalogues.json in the working directory, else the repository's own file. */
function catalogueConfig(option: string | undefined, cwd: string): Promise<CatalogueConfig> {
  if (option) return loadCatalogueConfig(resolve(cwd, option));
  const local = resolve(cwd, 'config/catalogues.json');
  return loadCatalogueConfig(existsSync(local) ? local : BUNDLED_CONFIG);
}
