"""Errors of the molsearch API, one class per kind of problem, each carrying the API's code and message."""

from __future__ import annotations

from typing import Any, Optional


class MolsearchError(Exception):
    """An error answer of the API: ``code`` (e.g. ``INVALID_PARAMETERS``), the readable ``message``, the HTTP
    ``status``, per-field ``details`` and the ``request_id`` to quote when reporting a problem."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int,
        details: Optional[list[dict[str, str]]] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(f"{code}: {message}" + "".join(f"\n  {d.get('field')}: {d.get('message')}" for d in details or []))
        self.code = code
        self.message = message
        self.status = status
        self.details = details or []
        self.request_id = request_id
        self.retry_after = retry_after


class InvalidRequest(MolsearchError):
    """The request was refused as it stands (400, 413, 422): bad SMILES, unknown database, a value out of range."""


class AuthenticationError(MolsearchError):
    """The API key is wrong, deleted or expired (401), or the call needs a signed-in account."""


class Forbidden(MolsearchError):
    """The call is not allowed for this caller (403)."""


class NotFound(MolsearchError):
    """The job, download or route does not exist, or belongs to someone else (404)."""


class JobNotReady(MolsearchError):
    """The job has not finished, or it failed (409); see ``message``."""


class Expired(MolsearchError):
    """The job's results were deleted after the retention period (410)."""


class RateLimited(MolsearchError):
    """Too many requests or searches waiting (429); ``retry_after`` says how many seconds to wait."""


class ServerError(MolsearchError):
    """The server failed (5xx); quote ``request_id`` when reporting it."""


class JobFailed(MolsearchError):
    """A search finished as FAILED; ``message`` is the reason the server gave."""


class Timeout(MolsearchError):
    """A search or a download did not finish within the time given."""


_BY_STATUS: dict[int, type[MolsearchError]] = {
    400: InvalidRequest,
    401: AuthenticationError,
    403: Forbidden,
    404: NotFound,
    409: JobNotReady,
    410: Expired,
    413: InvalidRequest,
    422: InvalidRequest,
    429: RateLimited,
}


def error_from_answer(status: int, body: Any, retry_after: Optional[str]) -> MolsearchError:
    """The error an answer stands for, from the API's ``{"error": {...}, "request_id": ...}`` body."""
    error = body.get("error", {}) if isinstance(body, dict) else {}
    code = str(error.get("code") or f"HTTP_{status}")
    message = str(error.get("message") or (body if isinstance(body, str) else "The server answered with an error."))
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else MolsearchError)
    wait = None
    if retry_after is not None:
        try:
            wait = float(retry_after)
        except ValueError:
            wait = None
    return kind(code, message, status, error.get("details"), body.get("request_id") if isinstance(body, dict) else None, wait)
