import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api/api-client.ts';
import { parseCsv } from '../api/parse-files.ts';
import { CATALOGS } from '../api/server-process.ts';
import { openPage, screenshotPath } from './browser.ts';
import { webAndBrowser } from './web-server.ts';

/** Ten real vendor molecules as queries: rows 100.. of the Enamine sample (the test catalogues hold its first 60). */
const QUERIES = gunzipSync(readFileSync(join(CATALOGS, 'enamine_real.smi.gz')))
  .toString('utf8')
  .split('\n')
  .slice(100, 110)
  .map((line) => line.split('\t').map((cell) => cell.trim()) as [string, string]);

describe('batch search in the browser', () => {
  const app = webAndBrowser();

  it('drops a 10-query .smi file, shows progress, opens a query, and downloads a CSV whose rows match single searches', async () => {
    const { page, errors } = await openPage(app.browser, { consentSeen: true, editor: false });
    await page.goto(app.web.url);
    await page.getByPlaceholder('Enter SMILES notation').waitFor({ timeout: 90_000 });
    await page.getByRole('radio', { name: 'Batch file' }).click();
    await page.getByRole('radio', { name: /Morgan/ }).click();
    const grid = page.getByRole('group', { name: 'Databases' });
    for (const name of ['MolPort', 'Enamine REAL']) {
      const card = grid.getByRole('checkbox', { name });
      if ((await card.getAttribute('aria-checked')) !== 'true') await card.click();
    }

    // Drop the file on the zone as a browser does: a drop event carrying it.
    const text = `${QUERIES.map(([smiles, id]) => `${smiles}\t${id}`).join('\n')}\n`;
    const transfer = await page.evaluateHandle((content) => {
      const data = new DataTransfer();
      data.items.add(new File([content], 'hit-list.smi', { type: 'text/plain' }));
      return data;
    }, text);
    await page.getByText('Drag and drop a smi, csv, xlsx or sdf file here').dispatchEvent('drop', { dataTransfer: transfer });
    await page.getByText('hit-list.smi').waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();

    // Progress: the count of queries done only grows, up to all ten.
    const status = page.locator('section[aria-label="Batch results"] [role="status"]');
    await status.waitFor({ timeout: 30_000 });
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const value = (await status.textContent()) ?? '';
          const done = /All (\d+) queries done/.exec(value)?.[1] ?? /(\d+) of 10 queries done/.exec(value)?.[1];
          if (done !== undefined) seen.push(Number(done));
          return value;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe('All 10 queries done');
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(10);

    // One query's section: its best hits, best first.
    const [, thirdId] = QUERIES[2]!;
    await page.locator('summary', { hasText: thirdId }).click();
    const section = page.getByRole('table', { name: `Top hits for ${thirdId}` });
    await section.waitFor();
    const scores = (await section.locator('tbody tr td:first-child').allTextContents()).map(Number);
    expect(scores).toHaveLength(10);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await page.getByRole('table', { name: 'Merged hits' }).waitFor();
    await page.screenshot({ path: screenshotPath('batch-results'), fullPage: true });

    // The CSV of everything: a query column on every row, each similarity that of a single search of its query.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all hits (CSV)' }).click()]);
    const [header, ...body] = parseCsv(await readFile((await download.path())!, 'utf8')).filter((cells) => cells.some((cell) => cell !== ''));
    expect(header).toEqual(['query_id', 'query_smiles', 'rank', 'database', 'id', 'smiles', 'similarity']);
    const rows = body.map((cells) => Object.fromEntries(header!.map((name, k) => [name, cells[k]!])));
    expect(new Set(rows.map((row) => row.query_id))).toEqual(new Set(QUERIES.map(([, id]) => id)));
    const api = new ApiClient(app.web.url);
    for (const [smiles, id] of QUERIES) {
      const { job_name } = await api.json<{ job_name: string }>('/api/submit_molsearch', { search_input: smiles, search_type: 'morgan', db_names: 'MOLPORT,ENAMINE-REAL' });
      await api.waitForJob(job_name, 60_000);
      const single = await api.json<{ db_id: string[]; database: string[]; similarity: number[] }>('/api/get_molsearch_page', { job_name, page_size: 1000 });
      const bySingle = new Map(single.db_id.map((vendorId, k) => [`${single.database[k]}|${vendorId}`, single.similarity[k]!]));
      const mine = rows.filter((row) => row.query_id === id);
      expect(mine).toHaveLength(single.db_id.length);
      for (const row of mine) expect(Number(row.similarity)).toBeCloseTo(bySingle.get(`${row.database}|${row.id}`)!, 4);
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
