/** The tutorial's complete Python client, pointed at the server the page was loaded from. */
export function pythonExample(baseUrl: string): string {
  return `import os
import time

import requests

BASE = "${baseUrl}"
HEADERS = {"X-API-Key": os.environ["MOLSEARCH_API_KEY"]}  # ck_... from "API Keys"


def call(method, path, **kwargs):
    response = requests.request(method, BASE + path, headers=HEADERS, timeout=60, **kwargs)
    if not response.ok:
        # Errors are JSON: {"error": {"code": ..., "message": ...}, "request_id": ...}
        raise RuntimeError(f"{response.status_code}: {response.json()['error']['message']}")
    return response.json()


# 1. The databases this server holds: id -> display name, vendor, molecule count.
databases = call("GET", "/api/databases")
for db_id, info in databases.items():
    print(f"{db_id:24} {info['display_name']:32} {info['Number of molecules']:>12,}")
chosen = list(databases)[:2]                     # or the ids you want, e.g. ["MOLPORT"]

# Submit a search: Morgan fingerprints over the chosen databases.
job = call("GET", "/api/submit_molsearch", params={
    "search_input": "CC(=O)Oc1ccccc1C(=O)O",   # aspirin
    "search_type": "morgan",                   # or espsim_shape, espsim_electrostatic
    "search_quality": "fast",                  # fast, accurate, very_accurate
    "db_names": chosen,
})["job_name"]

# 2. Poll the job once a second until it finishes.
for _ in range(100):
    status = call("GET", "/api/job_status", params={"job_name": job})
    if status["status"] == "SUCCESS":
        break
    if status["status"] == "FAILED":
        raise RuntimeError(status["reason"] or "Search job failed")
    time.sleep(1)
else:
    raise TimeoutError("Timed out waiting for job completion")

# 3. Page through the hits of the first database with similarity >= 0.5, 100 at a time.
hits, page = [], 0
while True:
    answer = call("GET", "/api/get_molsearch_page", params={
        "job_name": job, "db_name": chosen[0], "page_num": page, "page_size": 100,
        "sim_th": 0.5, "include_properties": "true",
    })
    if not answer["smiles"]:
        break
    hits += zip(answer["db_id"], answer["smiles"], answer["similarity"], answer["mw"])
    page += 1
for vendor_id, smiles, score, mw in hits[:5]:
    print(f"{vendor_id}  {score:.3f}  {mw:7.2f}  {smiles}")

# 4. Download every hit as SDF: prepare the file, then check for its link (small files are
#    ready at once, large ones take longer; give up after 3 minutes), then fetch it.
call("POST", "/api/prepare_download",
     params={"job_name": job, "file_format": "sdf", "include_properties": "true"},
     json={"neighbor_ids": []})                 # or result ids (answer["id"]) for a selection
deadline, wait = time.time() + 180, 0.25
while True:
    link = call("GET", "/api/get_download_link",
                params={"job_name": job, "file_format": "sdf", "download_suff": "all"})
    if link["status"] == "READY":
        break
    if link["status"] == "FAILED":
        raise RuntimeError(link["message"] or "Download process failed")
    if time.time() > deadline:
        raise TimeoutError("Timed out waiting for download link")
    time.sleep(wait)
    wait = min(wait * 2, 10)

with open("hits.sdf", "wb") as out:
    out.write(requests.get(BASE + link["download_link"], headers=HEADERS, timeout=300).content)
print(f"saved {link['num_molecules']} molecules to hits.sdf")
`;
}
