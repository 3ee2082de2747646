"""The client against a real molsearch server started here on real vendor rows (no mocks)."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from molsearch_client import AuthenticationError, Client, InvalidRequest, JobFailed, NotFound  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
CLI = REPO / "apps" / "cli" / "bin" / "molsearch.js"
CATALOGS = REPO.parent / "shared" / "data" / "catalogs"
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"


def molsearch(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(["node", str(CLI), *args], cwd=REPO, env={**os.environ, **(env or {})}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class RunningServer:
    """One molsearch server for every test here, on its own data folder with two imported catalogues."""

    data_dir: Path
    process: subprocess.Popen[str]
    url: str


SERVER = RunningServer()


def setUpModule() -> None:
    SERVER.data_dir = Path(tempfile.mkdtemp(prefix="molsearch-python-"))
    for args in (
        ["import", str(CATALOGS / "enamine_real.smi.gz"), "--db", "ENAMINE-REAL", "--limit", "300"],
        ["import", str(CATALOGS / "molport.smi.gz"), "--db", "MOLPORT", "--limit", "60", "--3d"],
    ):
        process = molsearch(*args, "--data-dir", str(SERVER.data_dir))
        _, stderr = process.communicate(timeout=600)
        if process.returncode != 0:
            raise RuntimeError(f"import failed: {stderr}")
    SERVER.process = molsearch(
        "serve", "--port", "0", "--data-dir", str(SERVER.data_dir),
        env={"HOST": "127.0.0.1", "LOG_LEVEL": "info", "DATABASE_URL": "", "SEARCH_THREADS": "1"},
    )
    assert SERVER.process.stdout is not None
    for line in SERVER.process.stdout:
        entry = json.loads(line) if line.startswith("{") else {}
        if entry.get("msg") == "server started":
            SERVER.url = str(entry["url"])
            # The server logs every request: keep reading, or a full pipe would stall it.
            for stream in (SERVER.process.stdout, SERVER.process.stderr):
                threading.Thread(target=stream.read, daemon=True).start()
            return
    raise RuntimeError(f"the server did not start: {SERVER.process.stderr.read() if SERVER.process.stderr else ''}")


def tearDownModule() -> None:
    SERVER.process.terminate()
    SERVER.process.wait(timeout=60)
    for stream in (SERVER.process.stdout, SERVER.process.stderr):
        if stream is not None:
            stream.close()
    shutil.rmtree(SERVER.data_dir, ignore_errors=True)


class ServerTestCase(unittest.TestCase):
    @property
    def url(self) -> str:
        return SERVER.url


class SearchTest(ServerTestCase):
    def test_lists_the_databases_with_their_counts(self) -> None:
        databases = Client(self.url).databases()
        self.assertEqual(databases["ENAMINE-REAL"]["Number of molecules"], 300)
        self.assertEqual(databases["MOLPORT"]["Number of molecules"], 60)

    def test_search_reads_every_page_best_first(self) -> None:
        client = Client(self.url)
        result = client.search(ASPIRIN, databases=["ENAMINE-REAL", "MOLPORT"], method="morgan")
        self.assertEqual(len(result), 360)
        similarities = [hit.similarity for hit in result]
        self.assertEqual(similarities, sorted(similarities, reverse=True))
        # Small pages give the same hits in the same order.
        paged = list(client.hits(result.job_name, page_size=7))
        self.assertEqual([hit.id for hit in paged], [hit.id for hit in result])
        self.assertEqual({hit.database for hit in result}, {"ENAMINE-REAL", "MOLPORT"})
        self.assertTrue(all(hit.vendor_id for hit in result))

    def test_limit_threshold_database_and_properties(self) -> None:
        client = Client(self.url)
        result = client.search(ASPIRIN, databases="ENAMINE-REAL", properties=True, limit=5)
        self.assertEqual(len(result), 5)
        self.assertIn("mw", result.hits[0].properties)
        cut = result.hits[2].similarity
        above = list(client.hits(result.job_name, threshold=cut))
        self.assertTrue(all(hit.similarity >= cut for hit in above))
        self.assertGreaterEqual(len(above), 3)
        only = list(client.hits(result.job_name, database="ENAMINE-REAL", limit=3))
        self.assertEqual([hit.id for hit in only], [hit.id for hit in result.hits[:3]])

    def test_shape_search_and_progress(self) -> None:
        seen: list[str] = []
        result = Client(self.url).search(ASPIRIN, databases="MOLPORT", method="espsim_shape", on_progress=lambda status: seen.append(status["status"]))
        self.assertGreater(len(result), 0)
        self.assertEqual(seen[-1], "SUCCESS")
        self.assertTrue(all(0 <= hit.similarity <= 1 for hit in result))

    def test_downloads_csv_of_all_hits_and_of_a_selection(self) -> None:
        client = Client(self.url)
        result = client.search(ASPIRIN, databases="MOLPORT", limit=10)
        with tempfile.TemporaryDirectory() as folder:
            every = client.download(result.job_name, Path(folder) / "all.csv")
            with every.open(newline="") as file:
                rows = list(csv.DictReader(file))
            self.assertEqual(len(rows), 60)
            chosen = [hit.id for hit in result.hits[:4]]
            selected = client.download(result.job_name, Path(folder) / "selected.csv", ids=chosen)
            with selected.open(newline="") as file:
                picked = list(csv.DictReader(file))
            self.assertEqual(len(picked), 4)
            self.assertEqual({row["db_id"] for row in picked}, {hit.vendor_id for hit in result.hits[:4]})


class FilterTest(ServerTestCase):
    def test_every_hit_passes_the_filters_and_they_are_the_best_that_pass(self) -> None:
        client = Client(self.url)
        filters = {"mw_max": 350, "clogp_max": 3, "lipinski": True}
        filtered = client.search(ASPIRIN, databases="ENAMINE-REAL", properties=True, filters=filters)
        everything = client.search(ASPIRIN, databases="ENAMINE-REAL", properties=True)

        def passes(hit: object) -> bool:
            values = hit.properties  # type: ignore[attr-defined]
            return values["mw"] <= 350 and values["clogp"] <= 3 and values["lipinski_violations"] <= 1

        self.assertGreater(len(filtered), 0)
        self.assertTrue(all(passes(hit) for hit in filtered))
        self.assertEqual([hit.id for hit in filtered], [hit.id for hit in everything if passes(hit)])
        self.assertEqual(client.status(filtered.job_name)["filters"], {"ranges": {"mw": {"max": 350}, "clogp": {"max": 3}}, "lipinski": True})

    def test_a_substructure_nothing_contains_gives_no_hits_and_says_so(self) -> None:
        client = Client(self.url)
        result = client.search(ASPIRIN, databases="ENAMINE-REAL", filters={"substructure": "[Xe]"})
        self.assertEqual(len(result), 0)
        self.assertIn("No molecule in ENAMINE-REAL contains the substructure [Xe]", client.status(result.job_name)["notes"][0])


class BatchTest(ServerTestCase):
    def test_a_file_batch_reports_bad_rows_and_matches_single_searches(self) -> None:
        client = Client(self.url)
        queries = [ASPIRIN, "CC(=O)Nc1ccc(O)cc1", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "queries.smi"
            path.write_text(f"{queries[0]}\tASPIRIN\nC1CC(\tBROKEN\n{queries[1]}\tPARACETAMOL\n{queries[2]}\tCAFFEINE\n")
            seen: list[int] = []
            batch = client.batch(path, databases="ENAMINE-REAL", limit=10, on_progress=lambda status: seen.append(status["queries_done"]))
            self.assertEqual([query.query_id for query in batch.queries], ["ASPIRIN", "PARACETAMOL", "CAFFEINE"])
            self.assertEqual([row["line"] for row in batch.skipped_rows], [2])
            self.assertEqual(seen[-1], 3)
            single = client.search(queries[1], databases="ENAMINE-REAL", limit=10)
            self.assertEqual([(hit.id, hit.similarity) for hit in batch.queries[1].hits], [(hit.id, hit.similarity) for hit in single])
            # The merged view: each molecule once, at its best similarity to any query.
            best = {}
            for query in batch.queries:
                for hit in client.hits(query.job_name):
                    best[hit.id] = max(best.get(hit.id, 0.0), hit.similarity)
            self.assertEqual(len(batch.merged), len(best))
            self.assertTrue(all(hit.similarity == best[hit.id] for hit in batch.merged))
            saved = client.download_batch(batch.batch_id, Path(folder) / "batch.csv")
            with saved.open(newline="") as file:
                rows = list(csv.DictReader(file))
            self.assertEqual({row["query_id"] for row in rows}, {"ASPIRIN", "PARACETAMOL", "CAFFEINE"})
            self.assertTrue(all(row["query_smiles"] for row in rows))

    def test_a_list_over_the_visitor_limit_is_refused(self) -> None:
        with self.assertRaises(InvalidRequest) as caught:
            Client(self.url).submit_batch([ASPIRIN] * 11, databases="MOLPORT")
        self.assertIn("at most 10 queries", caught.exception.details[0]["message"])


class ErrorTest(ServerTestCase):
    def test_a_bad_smiles_is_an_invalid_request_with_the_api_message(self) -> None:
        with self.assertRaises(InvalidRequest) as caught:
            Client(self.url).submit("C1CC", databases="MOLPORT")
        self.assertEqual(caught.exception.code, "INVALID_PARAMETERS")
        self.assertEqual(caught.exception.status, 400)
        self.assertIn("Invalid SMILES structure", [detail["message"] for detail in caught.exception.details])
        self.assertTrue(caught.exception.request_id)

    def test_an_unknown_job_is_not_found_and_a_3d_method_on_a_2d_catalogue_fails(self) -> None:
        client = Client(self.url)
        with self.assertRaises(NotFound):
            client.status("0" * 36)
        job = client.submit(ASPIRIN, databases="ENAMINE-REAL", method="espsim_shape")
        with self.assertRaises(JobFailed) as caught:
            client.wait(job)
        self.assertIn("3D", caught.exception.message)

    def test_api_keys_act_as_their_owner(self) -> None:
        # Sign up (no e-mail server here, so no confirmation is needed) and create a key, as the web app does.
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        origin = {"Content-Type": "application/json", "Origin": self.url}

        def post(path: str, body: dict[str, object]) -> dict[str, object]:
            request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST", headers=origin)
            with browser.open(request) as answer:
                return json.loads(answer.read())

        post("/api/auth/sign-up/email", {"email": "chemist@example.org", "password": "a long password 1", "name": "Chemist"})
        created = post("/api/api-keys", {"key_name": "Notebook", "expiration_days": 30})["key"]
        assert isinstance(created, dict)
        key = str(created["api_key_value"])
        owner = Client(self.url, api_key=key)
        job = owner.submit(ASPIRIN, databases="MOLPORT")
        owner.wait(job)
        # Another caller cannot see the owner's job.
        with self.assertRaises(NotFound):
            Client(self.url).status(job)
        with self.assertRaises(AuthenticationError):
            Client(self.url, api_key="ck_" + "x" * 32).databases()


if __name__ == "__main__":
    unittest.main()
