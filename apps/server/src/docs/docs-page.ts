import { API_ERRORS, RATE_LIMITS } from '@molsearch/api';
import { moleculeLimits } from '@molsearch/chem';
import type { OpenApiDocument } from './openapi.ts';

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Record<string, unknown>[]).map(typeOf).join(' or ');
  if (schema.type === 'array') return `list of ${typeOf((schema.items as Record<string, unknown>) ?? {})}`;
  const bounds = [schema.minimum !== undefined ? `≥ ${String(schema.minimum)}` : '', schema.maximum !== undefined && Number(schema.maximum) < 1e15 ? `≤ ${String(schema.maximum)}` : '']
    .filter(Boolean)
    .join(', ');
  return `${typeof schema.type === 'string' ? schema.type : 'value'}${bounds ? ` (${bounds})` : ''}`;
}

export const PYTHON_EXAMPLE = `import time
import requests

API = "http://localhost:8080/api"
session = requests.Session()  # keeps the visitor cookie, so your jobs and limits follow you
# session.headers["X-API-Key"] = "ck_..."  # once you have an API key

job = session.get(f"{API}/submit_molsearch", params={
    "search_input": "CC(=O)Oc1ccccc1C(=O)O",
    "search_type": "morgan",
    "search_quality": "fast",
    "db_names": ["ENAMINE-REAL", "MOLPORT"],
}, timeout=20).json()["job_name"]

for _ in range(100):
    status = session.get(f"{API}/job_status", params={"job_name": job}).json()
    if status["status"] in ("SUCCESS", "FAILED"):
        break
    print(status["status"])
    time.sleep(1)
if status["status"] != "SUCCESS":
    raise SystemExit(f"search failed: {status['reason']}")

page = session.get(f"{API}/get_molsearch_page", params={
    "job_name": job, "page_num": 0, "page_size": 30,
    "db_name": "ENAMINE-REAL", "sim_th": 0.5, "include_properties": "true",
}).json()
for smiles, similarity in zip(page["smiles"], page["similarity"]):
    print(f"{similarity:.3f}  {smiles}")

prepared = session.post(f"{API}/prepare_download", params={
    "job_name": job, "file_format": "csv", "include_properties": "true", "include_metadata": "false",
}, json={"neighbor_ids": []}).json()
for _ in range(60):
    link = session.get(f"{API}/get_download_link", params={
        "job_name": job, "file_format": "csv", "download_suff": prepared["download_suff"],
    }).json()
    if link["status"] != "PREPARING":
        break
    time.sleep(2)
if link["status"] == "READY":
    with open("hits.csv", "wb") as out:
        out.write(session.get(API.removesuffix("/api") + link["download_link"]).content)
`;

function bodyText(schema: Record<string, unknown>, required: boolean): string {
  const fields = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  const list = fields.map((field) => `<code>${escapeHtml(field)}</code>`).join(', ');
  return `<p>JSON body${required ? '' : ' (optional)'}${list ? `: ${list}` : ''}.</p>`;
}

/** The human-readable API reference: one self-contained page rendered from the OpenAPI document. */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const sections = operations
    .map(({ path, method, operation }) => {
      const parameters = operation.parameters.length
        ? `<table><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Default</th><th>Description</th></tr>${operation.parameters
            .map(
              (p) =>
                `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(typeOf(p.schema))}</td><td>${p.required ? 'yes' : 'no'}</td><td>${
                  p.schema.default !== undefined ? `<code>${escapeHtml(JSON.stringify(p.schema.default))}</code>` : ''
                }</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
            )
            .join('')}</table>`
        : '<p>No parameters.</p>';
      const body = operation.requestBody ? bodyText(operation.requestBody.content['application/json']?.schema ?? {}, operation.requestBody.required) : '';
      const errors = operation['x-error-codes']
        .map((code) => `<tr><td>${API_ERRORS[code].status}</td><td><code>${code}</code></td><td>${escapeHtml(API_ERRORS[code].message)}</td></tr>`)
        .join('');
      return `<section id="${escapeHtml(operation.operationId)}"><h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p><strong>${escapeHtml(operation.summary)}.</strong> ${escapeHtml(operation.description)}</p>${parameters}${body}
<h3>Errors</h3><table><tr><th>Status</th><th>Code</th><th>Message</th></tr>${errors}</table></section>`;
    })
    .join('\n');
  const limits = moleculeLimits();
  const rateLimits = Object.entries(RATE_LIMITS)
    .map(
      ([tier, l]) =>
        `<tr><td>${tier}</td><td>${l.requestsPerMinute}</td><td>${l.submissionsPerMinute}</td><td>${l.downloadsPerMinute}</td><td>${l.activeJobs}</td><td>${l.queriesPerBatch}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} — reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}pre{background:#f4f6fa;padding:1rem;overflow:auto;border-radius:6px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #d8dde8;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f6fa}.method{background:#2451b7;color:#fff;border-radius:4px;padding:0 .4rem;font-size:13px}section{border-top:1px solid #d8dde8;margin-top:1.5rem}
nav{display:flex;flex-wrap:wrap;gap:.3rem .8rem}
</style></head><body>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${operations.map(({ operation }) => `<a href="#${escapeHtml(operation.operationId)}">${escapeHtml(operation.operationId)}</a>`).join('')}</nav>
<h2>Flow</h2>
<ol><li><code>submit_molsearch</code> answers <code>{"job_name": "..."}</code> at once.</li>
<li>Poll <code>job_status</code> about once a second: <code>QUEUED</code>, <code>EXECUTING: Searching in {database} (NN%)</code>, then <code>SUCCESS</code> or <code>FAILED</code> with a <code>reason</code>.</li>
<li>Read <code>get_molsearch_page</code> and <code>get_sim_histograms</code>; results are kept for the configured retention, after which the job answers 410.</li>
<li><code>prepare_download</code>, then poll <code>get_download_link</code> until <code>READY</code> and fetch <code>download_link</code>.</li></ol>
<h2>Errors</h2>
<p>Every error answers <code>{"error": {"code": "...", "message": "...", "details": [{"field", "message"}]}, "request_id": "..."}</code>;
quote the request id (also in the <code>X-Request-Id</code> header) when reporting a problem.</p>
<h2 id="molecule-limits">Molecule size limits</h2>
<p>A query (and every catalogue row at import) may have at most ${limits.heavyAtoms} heavy atoms,
${limits.hydrogens} hydrogens written out (<code>[H]</code> atoms and bracket counts such as <code>[NH3+]</code>),
${limits.ringClosures} ring closures, branches nested ${limits.branchDepth} deep and
${limits.fragments} separate fragments: room for every approved drug, peptides included. Larger input is refused before
any chemistry runs (400 on <code>submit_molsearch</code>, 422 on <code>depict</code>) with a message naming the limit. A molecule within the
limits that still breaks the chemistry toolkit is answered 422 <code>MOLECULE_TOO_COMPLEX</code>
(<em>${escapeHtml(API_ERRORS.MOLECULE_TOO_COMPLEX.message)}</em>); the toolkit is replaced at once and the next request is served normally.
The server's operator can change the heavy-atom limit with <code>MAX_HEAVY_ATOMS</code>.</p>
<h2 id="api-keys">API keys</h2>
<p>Signed-in users create up to 3 API keys in the web app (API Key Management): <code>ck_</code> followed by 32 letters or digits,
valid for 1 to 730 days (one year by default). The full key is shown once, at creation; afterwards only its first and last
8 characters are. Send it with every call, as <code>X-API-Key: ck_...</code> or <code>Authorization: Bearer ck_...</code>: the call
then acts as the key's owner with the owner's tier, and its searches, results and downloads belong to that account only.
A wrong, deleted or expired key answers 401 <em>${escapeHtml(API_ERRORS.UNAUTHORIZED.message)}</em></p>
<h2 id="rate-limits">Rate limits</h2>
<p>Counted per caller (account, API key owner, or visitor) in one-minute windows. Visitors and anonymous users have the
<code>anonymous</code> tier; registered accounts and their keys have their account type (<code>free</code> by default).</p>
<table><tr><th>Tier</th><th>Requests / minute</th><th>Searches / minute</th><th>Downloads prepared / minute</th><th>Searches waiting or running</th><th>Queries per batch</th></tr>${rateLimits}</table>
<p>Over a limit the answer is 429 with <code>Retry-After</code> in seconds. Password sign-in is limited separately against guessing.</p>
<h2>Python example</h2>
<pre>${escapeHtml(PYTHON_EXAMPLE)}</pre>
${sections}
</body></html>`;
}
