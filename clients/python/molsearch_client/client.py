"""A client of the molsearch HTTP API for scripts and notebooks: standard library only."""

from __future__ import annotations

import base64
import http.cookiejar
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Optional, Union

from .errors import JobFailed, MolsearchError, RateLimited, Timeout, error_from_answer

METHODS = ("morgan", "espsim_shape", "espsim_electrostatic", "consensus")
QUALITIES = ("fast", "accurate", "very_accurate")
FORMATS = ("csv", "sdf", "smi", "xlsx")
#: The largest page the API serves.
MAX_PAGE_SIZE = 1000


@dataclass(frozen=True)
class Hit:
    """One hit: the catalogue's SMILES, the result id, the database, the vendor's own compound id and the exact
    similarity; ``properties`` holds the property columns when they were asked for."""

    smiles: str
    id: str
    database: str
    vendor_id: str
    similarity: float
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchResult:
    """A finished search: its job name (for downloads and later pages) and its hits, best first."""

    job_name: str
    hits: list[Hit]

    def __len__(self) -> int:
        return len(self.hits)

    def __iter__(self) -> Iterator[Hit]:
        return iter(self.hits)


@dataclass(frozen=True)
class BatchQuery:
    """One query of a batch: its id (the file's, or q1, q2, ... for a list), SMILES, job name and best hits."""

    query_id: str
    query_smiles: str
    job_name: str
    hits: list[Hit]


@dataclass(frozen=True)
class BatchResult:
    """A finished batch: each query's own search, the rows that were skipped (``{"line", "message"}``) and the
    merged view, every molecule once at its best similarity to any query (``Hit.properties["query_id"]`` names
    that query)."""

    batch_id: str
    queries: list[BatchQuery]
    skipped_rows: list[dict[str, Any]]
    merged: list[Hit]


Progress = Callable[[dict[str, Any]], None]
#: Filters a search can apply on the server (see ``submit``).
Filters = dict[str, Any]


class Client:
    """Talks to one molsearch server.

    ``Client("https://molsearch.example.org", api_key="ck_...")`` acts as the key's owner, with the owner's rate
    limits; without a key the client is a visitor whose jobs follow its cookie for as long as the object lives.
    A rate-limited call waits as long as the server asks (``Retry-After``) and tries again, ``retries`` times.
    """

    def __init__(self, url: str, api_key: Optional[str] = None, timeout: float = 60.0, retries: int = 3) -> None:
        self.url = url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    # ---- calls of the API ----

    def databases(self) -> dict[str, dict[str, Any]]:
        """The searchable databases: id to vendor, website, order e-mail, molecule count, display name, badges."""
        return self._json("GET", "/api/databases")

    def health(self) -> dict[str, Any]:
        return self._json("GET", "/api/health")

    def submit(
        self,
        smiles: str,
        databases: Union[str, Iterable[str]],
        method: str = "morgan",
        quality: str = "fast",
        properties: bool = False,
        filters: Optional[Filters] = None,
    ) -> str:
        """Queues a search and returns its job name at once. ``filters`` are applied by the server before ranking,
        so every hit passes them: ``{"mw_max": 400, "clogp_max": 4, "lipinski": True, "veber": True,
        "exclude_pains": True, "substructure": "c1ccc2[nH]ccc2c1"}`` (``<property>_min``/``_max`` for mw, clogp,
        tpsa, hbd, hba, rotatable_bonds, heavy_atoms and qed)."""
        params = self._search_options(databases, method, quality, properties, filters)
        answer = self._json("GET", "/api/submit_molsearch", {"search_input": smiles, **params})
        return str(answer["job_name"])

    def status(self, job_name: str) -> dict[str, Any]:
        return self._json("GET", "/api/job_status", {"job_name": job_name})

    def wait(self, job_name: str, timeout: float = 600.0, on_progress: Optional[Progress] = None) -> dict[str, Any]:
        """Polls the job until it finishes; raises JobFailed with the server's reason, or Timeout."""
        def finished(status: dict[str, Any]) -> bool:
            if on_progress is not None:
                on_progress(status)
            if status["status"] == "FAILED":
                raise JobFailed("JOB_FAILED", str(status.get("reason") or "The search failed."), 200)
            return bool(status["status"] == "SUCCESS")

        return _poll(lambda: self.status(job_name), finished, timeout, f"The search {job_name} did not finish", 0.1, 2.0)

    def hits(
        self,
        job_name: str,
        database: Optional[str] = None,
        threshold: Optional[float] = None,
        properties: bool = False,
        page_size: int = MAX_PAGE_SIZE,
        limit: Optional[int] = None,
    ) -> Iterator[Hit]:
        """The hits of a finished job, best first, fetched page by page as they are read."""
        params: dict[str, Any] = {"job_name": job_name}
        if database is not None:
            params["db_name"] = database
        if threshold is not None and threshold > 0:
            params["sim_th"] = threshold
        if properties:
            params["include_properties"] = "true"
        return self._paged("/api/get_molsearch_page", params, page_size, limit)

    def search(
        self,
        smiles: str,
        databases: Union[str, Iterable[str]],
        method: str = "morgan",
        quality: str = "fast",
        threshold: Optional[float] = None,
        properties: bool = False,
        limit: Optional[int] = None,
        timeout: float = 600.0,
        on_progress: Optional[Progress] = None,
        filters: Optional[Filters] = None,
    ) -> SearchResult:
        """Submits a search, waits for it and reads its hits (all of them, or the best ``limit``)."""
        job_name = self.submit(smiles, databases, method=method, quality=quality, properties=properties, filters=filters)
        self.wait(job_name, timeout=timeout, on_progress=on_progress)
        return SearchResult(job_name, list(self.hits(job_name, threshold=threshold, properties=properties, limit=limit)))

    # ---- batches ----

    def submit_batch(
        self,
        queries: Union[str, Path, Iterable[str]],
        databases: Union[str, Iterable[str]],
        method: str = "morgan",
        quality: str = "fast",
        properties: bool = False,
        filters: Optional[Filters] = None,
    ) -> dict[str, Any]:
        """Queues one search per query and answers ``{"batch_id", "queries", "skipped_rows"}`` at once.
        ``queries`` is a list of SMILES or the path of a .smi, .csv, .sdf or .xlsx file (ids from the file)."""
        params = self._search_options(databases, method, quality, properties, filters)
        if isinstance(queries, (str, Path)):
            path = Path(queries)
            raw = path.read_bytes()
            binary = path.suffix.lower() == ".xlsx"
            body: dict[str, Any] = {"file": {"name": path.name, "content": base64.b64encode(raw).decode("ascii") if binary else raw.decode("utf-8"), "encoding": "base64" if binary else "utf8"}}
        else:
            body = {"smiles": list(queries)}
        return self._json("POST", "/api/submit_batch", params, body)

    def batch_status(self, batch_id: str) -> dict[str, Any]:
        return self._json("GET", "/api/batch_status", {"batch_id": batch_id})

    def wait_batch(self, batch_id: str, timeout: float = 3600.0, on_progress: Optional[Progress] = None) -> dict[str, Any]:
        """Polls the batch until every query has finished (``queries_done`` counts them); raises Timeout."""
        def finished(status: dict[str, Any]) -> bool:
            if on_progress is not None:
                on_progress(status)
            return bool(status["status"] == "SUCCESS")

        return _poll(lambda: self.batch_status(batch_id), finished, timeout, f"The batch {batch_id} did not finish", 0.2, 5.0)

    def batch_hits(self, batch_id: str, limit: Optional[int] = None) -> Iterator[Hit]:
        """The merged view of a finished batch, best first: each molecule once, at its best similarity to any
        query, with ``properties["query_id"]`` and ``["query_smiles"]`` naming that query."""
        return self._paged("/api/get_batch_page", {"batch_id": batch_id}, MAX_PAGE_SIZE, limit)

    def download_batch(self, batch_id: str, path: Union[str, Path]) -> Path:
        """Saves every query's best hits as CSV, one row per hit with query_id and query_smiles columns."""
        target = Path(path)
        target.write_bytes(self._bytes("GET", "/api/batch_download", {"batch_id": batch_id}))
        return target

    def batch(
        self,
        queries: Union[str, Path, Iterable[str]],
        databases: Union[str, Iterable[str]],
        method: str = "morgan",
        quality: str = "fast",
        properties: bool = False,
        filters: Optional[Filters] = None,
        limit: Optional[int] = None,
        timeout: float = 3600.0,
        on_progress: Optional[Progress] = None,
    ) -> BatchResult:
        """Submits a batch, waits for it, and reads each query's hits (the best ``limit`` each, or all) and the
        merged view. A query that failed has no hits; its status says why."""
        submitted = self.submit_batch(queries, databases, method=method, quality=quality, properties=properties, filters=filters)
        status = self.wait_batch(submitted["batch_id"], timeout=timeout, on_progress=on_progress)
        results = [
            BatchQuery(
                query_id=query["query_id"],
                query_smiles=query["query_smiles"],
                job_name=query["job_name"],
                hits=list(self.hits(query["job_name"], properties=properties, limit=limit)) if query["status"] == "SUCCESS" else [],
            )
            for query in status["queries"]
        ]
        return BatchResult(submitted["batch_id"], results, list(status["skipped_rows"]), list(self.batch_hits(submitted["batch_id"])))

    def histograms(self, job_name: str, bins: int = 50) -> dict[str, Any]:
        """Counts of hits per similarity bin over 0..1, per database."""
        return self._json("GET", "/api/get_sim_histograms", {"job_name": job_name, "n_bins": bins})

    def download(
        self,
        job_name: str,
        path: Union[str, Path],
        file_format: str = "csv",
        ids: Optional[Iterable[str]] = None,
        database: Optional[str] = None,
        threshold: Optional[float] = None,
        properties: bool = False,
        metadata: bool = False,
        timeout: float = 600.0,
    ) -> Path:
        """Builds a CSV, SDF, SMILES or XLSX file of the job's hits (or of the result ``ids`` given), waits for it
        and saves it at ``path``."""
        if file_format not in FORMATS:
            raise ValueError(f"file_format must be one of {', '.join(FORMATS)}, not {file_format!r}")
        params: dict[str, Any] = {"job_name": job_name, "file_format": file_format, "include_properties": properties, "include_metadata": metadata}
        if database is not None:
            params["db_name"] = database
        if threshold is not None and threshold > 0:
            params["sim_th"] = threshold
        selection = list(ids) if ids is not None else None
        prepared = self._json("POST", "/api/prepare_download", params, {"neighbor_ids": selection} if selection else None)
        link_params = {"job_name": job_name, "file_format": file_format, "download_suff": prepared["download_suff"]}
        if database is not None:
            link_params["db_name"] = database
        def ready(link: dict[str, Any]) -> bool:
            if link["status"] == "FAILED":
                raise MolsearchError("DOWNLOAD_FAILED", str(link.get("message") or "The download could not be built."), 200)
            return bool(link["status"] == "READY")

        link = _poll(lambda: self._json("GET", "/api/get_download_link", link_params), ready, timeout, f"The download of {job_name} was not ready", 0.2, 5.0)
        target = Path(path)
        target.write_bytes(self._bytes("GET", str(link["download_link"])))
        return target

    # ---- transport ----

    def _paged(self, path: str, params: dict[str, Any], page_size: int, limit: Optional[int]) -> Iterator[Hit]:
        """The hits of a paged call, page after page until a short page or ``limit``."""
        page_size = max(1, min(page_size, MAX_PAGE_SIZE))
        page = 0
        taken = 0
        while limit is None or taken < limit:
            answer = self._json("GET", path, {**params, "page_num": page, "page_size": page_size})
            for hit in _hits_of(answer):
                if limit is not None and taken >= limit:
                    return
                taken += 1
                yield hit
            if len(answer.get("smiles", [])) < page_size:
                return
            page += 1

    @staticmethod
    def _search_options(databases: Union[str, Iterable[str]], method: str, quality: str, properties: bool, filters: Optional[Filters]) -> dict[str, Any]:
        if method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
        if quality not in QUALITIES:
            raise ValueError(f"quality must be one of {', '.join(QUALITIES)}, not {quality!r}")
        names = [databases] if isinstance(databases, str) else list(databases)
        return {"search_type": method, "search_quality": quality, "db_names": names, "compute_properties": properties, **(filters or {})}

    def _json(self, method: str, path: str, params: Optional[dict[str, Any]] = None, body: Any = None) -> Any:
        return json.loads(self._bytes(method, path, params, body).decode("utf-8"))

    def _bytes(self, method: str, path: str, params: Optional[dict[str, Any]] = None, body: Any = None) -> bytes:
        url = self.url + path
        if params:
            url += "?" + urllib.parse.urlencode([(key, _text(item)) for key, value in params.items() for item in (value if isinstance(value, list) else [value])])
        headers = {"Accept": "application/json", "User-Agent": "molsearch-python/0.1"}
        if self.api_key:
            headers["X-API-Key"] = self.api_key
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        for attempt in range(self.retries + 1):
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with self._opener.open(request, timeout=self.timeout) as response:
                    return response.read()
            except urllib.error.HTTPError as answer:
                error = error_from_answer(answer.code, _body_of(answer), answer.headers.get("Retry-After"))
                if isinstance(error, RateLimited) and attempt < self.retries:
                    time.sleep(error.retry_after if error.retry_after is not None else 1.0)
                    continue
                raise error from None
        raise AssertionError("unreachable")


def _poll(fetch: Callable[[], dict[str, Any]], done: Callable[[dict[str, Any]], bool], timeout: float, late: str, delay: float, max_delay: float) -> dict[str, Any]:
    """Calls ``fetch`` until ``done`` accepts its answer, backing off from ``delay`` to ``max_delay`` seconds
    so long jobs cost few calls; raises Timeout, whose message starts with ``late``, after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        answer = fetch()
        if done(answer):
            return answer
        if time.monotonic() + delay > deadline:
            raise Timeout("TIMEOUT", f"{late} within {timeout:g} s.", 0)
        time.sleep(delay)
        delay = min(delay * 1.5, max_delay)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _body_of(answer: urllib.error.HTTPError) -> Any:
    raw = answer.read()
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return raw.decode("utf-8", "replace")


_FIXED = ("smiles", "id", "database", "db_id", "similarity")


def _hits_of(page: dict[str, Any]) -> Iterator[Hit]:
    extra = [key for key in page if key not in _FIXED and isinstance(page[key], list)]
    for i, smiles in enumerate(page.get("smiles", [])):
        yield Hit(
            smiles=smiles,
            id=page["id"][i],
            database=page["database"][i],
            vendor_id=page["db_id"][i],
            similarity=float(page["similarity"][i]),
            properties={key: page[key][i] for key in extra},
        )
