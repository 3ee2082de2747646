"""molsearch: similarity search over purchasable compound catalogues, from Python.

    from molsearch_client import Client
    client = Client("http://localhost:8080", api_key="ck_...")
    result = client.search("CC(=O)Oc1ccccc1C(=O)O", databases=["MOLPORT"], method="morgan", limit=30)
    for hit in result:
        print(hit.vendor_id, hit.similarity, hit.smiles)
    batch = client.batch("hits.smi", databases=["MOLPORT"], filters={"mw_max": 450, "exclude_pains": True})
"""

from .client import FORMATS, MAX_PAGE_SIZE, METHODS, QUALITIES, BatchQuery, BatchResult, Client, Hit, SearchResult
from .errors import (
    AuthenticationError,
    Expired,
    Forbidden,
    InvalidRequest,
    JobFailed,
    JobNotReady,
    MolsearchError,
    NotFound,
    RateLimited,
    ServerError,
    Timeout,
)

__all__ = [
    "AuthenticationError",
    "BatchQuery",
    "BatchResult",
    "Client",
    "Expired",
    "FORMATS",
    "Forbidden",
    "Hit",
    "InvalidRequest",
    "JobFailed",
    "JobNotReady",
    "MAX_PAGE_SIZE",
    "METHODS",
    "MolsearchError",
    "NotFound",
    "QUALITIES",
    "RateLimited",
    "SearchResult",
    "ServerError",
    "Timeout",
]
__version__ = "0.1.0"
