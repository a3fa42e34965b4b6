"""slant's exception tree. Every error a user can see says what went wrong and what to do.

::

    SlantError                      base of everything slant raises on purpose
    ├── ConfigError                 a bad setting (file, SLANT_* variable or flag)
    ├── InputError                  one input could not be read; the batch goes on without it
    │   ├── UnsupportedInputError   a file type slant does not read
    │   ├── DecodeError             bytes that are not text in any encoding slant accepts
    │   ├── TooLargeError           a file over the configured size cap
    │   └── FetchError              a URL that could not be fetched (or --fetch not given)
    ├── ModelError                  a packaged model or resource is missing or broken
    ├── PipelineError               components that do not fit together (a need nobody provides)
    ├── StoreError                  the database cannot be opened, migrated or written
    └── NotFoundError               an article, actor or story id that is not in the store

Readers raise :class:`InputError` subclasses; the ingest layer turns them into
:class:`slant.models.InputError` records so one bad file never stops a batch. The CLI turns any
:class:`SlantError` into a one-line message and a non-zero exit status, in one place.
"""

from __future__ import annotations


class SlantError(Exception):
    """Base class of every error slant raises on purpose."""


class ConfigError(SlantError):
    """A setting is invalid; the message names the setting and the accepted values."""


class InputError(SlantError):
    """One input could not be read. ``source`` names the file, record or URL."""

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source
        self.reason = message


class UnsupportedInputError(InputError):
    """The input's type is not one slant reads."""


class DecodeError(InputError):
    """The input's bytes are not text slant can decode."""


class TooLargeError(InputError):
    """The input is larger than the configured cap (``max_bytes``)."""


class FetchError(InputError):
    """A URL could not be fetched, or fetching was not enabled with ``--fetch``."""


class ModelError(SlantError):
    """A packaged model or resource is missing or does not load; reinstall slant."""


class PipelineError(SlantError):
    """The pipeline's components do not fit together."""


class StoreError(SlantError):
    """The database could not be opened, migrated or written."""


class NotFoundError(SlantError):
    """An id that is not in the store."""
