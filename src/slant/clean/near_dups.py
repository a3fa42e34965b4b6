"""Near-duplicates: a repost of a column, the same wire story in five papers, recognised as one original.

How (all pure, no database):

* the text is normalised (NFKC, casefolded, punctuation and symbols turned into spaces) and cut into word
  5-shingles ("the man who ran this", "man who ran this town", ...);
* a MinHash signature of the shingle set (:data:`NUM_PERM` fixed affine permutations, read from a data file,
  so signatures stored by one run compare with the next run's) estimates the Jaccard similarity of two texts;
* a locality-sensitive index over :data:`BANDS` bands of :data:`ROWS` signature values each finds the
  candidate pairs without comparing every pair (two texts with Jaccard ``j`` share a band with probability
  ``1 - (1 - j**ROWS) ** BANDS``: 0.87 at 0.5, 0.98 at 0.6, 0.05 at 0.2);
* a candidate is a copy when :func:`is_copy` says so (containment-aware, see :class:`CopyRule`).

The original of a group of copies is the earliest published member (ties, and undated members: the one
added first); copies always point at that original, never at another copy.
"""

from __future__ import annotations

import email.utils
import hashlib
import re
import struct
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

import numpy as np

#: MinHash permutations: the Jaccard estimate's standard error is about sqrt(j(1-j)/128) <= 0.045.
NUM_PERM = 128
#: The permutations are the ones datasketch 2.0.0 draws with this seed and scheme (signatures written when
#: slant called datasketch compare with today's); changing them makes every stored signature incomparable.
SEED = 1
SCHEME = "affine32"
#: Words per shingle: 5 words rarely repeat by chance between two different articles on the same story,
#: yet a changed word only breaks the 5 shingles that contain it.
SHINGLE = 5
#: LSH banding of the signature (BANDS * ROWS <= NUM_PERM).
BANDS = 32
ROWS = 4
#: Most entries kept per LSH bucket: a bucket shared by thousands of texts (a common footer that cleaning
#: missed) stops being a candidate source instead of making every lookup slow.
BUCKET_CAP = 200
_VERSION = 1
_HEADER = struct.Struct("<BII")  # version, shingle count, word count

_NON_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class CopyRule:
    """When a candidate pair counts as a copy. The defaults, and why:

    * ``min_words`` 40: below that, two texts share most of their 5-shingles by accident (a one-line
      statement quoted in two reports, a standard correction notice), so very short texts never count;
    * ``containment`` 0.8: at least 80% of the shorter text's shingles are in the longer one. Containment,
      not Jaccard, so an added "Reposted from ..." paragraph, a dropped byline or a trimmed wire story do
      not hide a copy; two articles on the same story written separately share well under 10%;
    * ``size_ratio`` 0.4: the shorter text is at least 40% of the longer, so a column that quotes a whole
      short statement inside its own commentary is not taken for a copy of that statement.
    """

    min_words: int = 40
    containment: float = 0.8
    size_ratio: float = 0.4


DEFAULT_RULE = CopyRule()


def normalise(text: str) -> list[str]:
    """The words of ``text``: NFKC, casefolded, punctuation and symbols removed."""
    return _NON_WORD.sub(" ", unicodedata.normalize("NFKC", text).casefold()).split()


def shingles(text: str, size: int = SHINGLE) -> set[str]:
    """The distinct word ``size``-shingles of the normalised text (one shingle for a shorter text; none
    for an empty one)."""
    return _shingles_of(normalise(text), size)


def _shingles_of(words: Sequence[str], size: int = SHINGLE) -> set[str]:
    if len(words) <= size:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + size]) for i in range(len(words) - size + 1)}


@dataclass(frozen=True, slots=True)
class Signature:
    """A text's MinHash signature, its shingle count and its word count; serialisable with :meth:`to_bytes`."""

    values: np.ndarray  # uint32, NUM_PERM values
    shingles: int
    words: int

    def to_bytes(self) -> bytes:
        """A compact, versioned byte string (``NUM_PERM`` little-endian uint32 after a 9-byte header)."""
        return _HEADER.pack(_VERSION, self.shingles, self.words) + self.values.astype("<u4").tobytes()

    @classmethod
    def from_bytes(cls, blob: bytes) -> Signature:
        """The signature :meth:`to_bytes` wrote; ValueError for anything else."""
        if len(blob) != _HEADER.size + 4 * NUM_PERM:
            raise ValueError(f"not a slant MinHash signature ({len(blob)} bytes)")
        version, n_shingles, n_words = _HEADER.unpack_from(blob)
        if version != _VERSION:
            raise ValueError(f"MinHash signature version {version} is not supported (expected {_VERSION})")
        values = np.frombuffer(blob, dtype="<u4", offset=_HEADER.size).astype(np.uint32)
        return cls(values, n_shingles, n_words)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Signature):
            return NotImplemented
        return (self.shingles, self.words) == (other.shingles, other.words) and bool(
            np.array_equal(self.values, other.values)
        )

    def __hash__(self) -> int:
        return hash((self.shingles, self.words, self.values.tobytes()))


@lru_cache(maxsize=1)
def _permutations() -> tuple[np.ndarray, np.ndarray]:
    """The ``a`` and ``b`` of the :data:`NUM_PERM` affine permutations (a data file; see its header)."""
    from importlib import resources

    text = resources.files("slant").joinpath("resources/stories/minhash-permutations.txt").read_text("utf-8")
    rows = [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    a, b = (np.array([int(x) for x in row], dtype=np.uint32) for row in rows)
    if len(a) != NUM_PERM or len(b) != NUM_PERM or not np.all(a & 1):
        raise ValueError("resources/stories/minhash-permutations.txt is damaged; reinstall slant")
    return a, b


def _minhash(grams: Sequence[bytes]) -> np.ndarray:
    """The MinHash values of a set of byte strings: for each permutation, the least ``a*h + b`` mod 2**32
    over the shingles' hashes ``h`` (SHA-1's first 32 bits, little-endian, then MurmurHash3's finaliser, a
    bijection that spreads similar inputs); all ``2**32 - 1`` for an empty set."""
    a, b = _permutations()
    if not grams:
        return np.full(NUM_PERM, 0xFFFF_FFFF, dtype=np.uint32)
    h = np.frombuffer(b"".join(hashlib.sha1(g).digest()[:4] for g in grams), dtype="<u4").astype(np.uint32)
    h ^= h >> np.uint32(16)
    h *= np.uint32(0x85EB_CA6B)
    h ^= h >> np.uint32(13)
    h *= np.uint32(0xC2B2_AE35)
    h ^= h >> np.uint32(16)
    values: np.ndarray = (h[:, None] * a + b).min(axis=0)
    return values


def signature(text: str) -> Signature:
    """The MinHash signature of ``text`` (deterministic: fixed permutations and hash function)."""
    words = normalise(text)
    grams = _shingles_of(words)
    return Signature(_minhash([g.encode("utf-8") for g in sorted(grams)]), len(grams), len(words))


def jaccard(a: Signature, b: Signature) -> float:
    """Estimated Jaccard similarity of the two shingle sets (0 when either text is empty)."""
    if not a.shingles or not b.shingles:
        return 0.0
    return float(np.count_nonzero(a.values == b.values)) / NUM_PERM


def containment(a: Signature, b: Signature, j: float | None = None) -> float:
    """Estimated share of the smaller shingle set found in the larger one, from the Jaccard estimate."""
    if not a.shingles or not b.shingles:
        return 0.0
    j = jaccard(a, b) if j is None else j
    inter = j * (a.shingles + b.shingles) / (1.0 + j)
    return min(1.0, inter / min(a.shingles, b.shingles))


def is_copy(a: Signature, b: Signature, rule: CopyRule = DEFAULT_RULE) -> tuple[bool, float]:
    """Whether ``a`` and ``b`` are copies of one text under ``rule``, and their estimated Jaccard."""
    j = jaccard(a, b)
    if min(a.words, b.words) < rule.min_words:
        return False, j
    small, large = sorted((a.shingles, b.shingles))
    if small < rule.size_ratio * large:
        return False, j
    return containment(a, b, j) >= rule.containment, j


def band_keys(sig: Signature) -> list[int]:
    """The LSH bucket keys of a signature: one signed 63-bit integer per band (what the store indexes)."""
    raw = sig.values.astype("<u4").tobytes()
    keys = []
    for band in range(BANDS):
        chunk = raw[band * ROWS * 4 : (band + 1) * ROWS * 4]
        digest = hashlib.blake2b(bytes([band]) + chunk, digest_size=8).digest()
        keys.append(int.from_bytes(digest, "little") & 0x7FFF_FFFF_FFFF_FFFF)
    return keys


def published_days(published: str | None) -> float | None:
    """Days since 1970-01-01 UTC of a publication time (ISO 8601, RFC 2822 or a leading YYYY-MM-DD); None
    when absent or unreadable. A time without a zone is taken as UTC."""
    if not published or not published.strip():
        return None
    text = published.strip()
    when: datetime | None = None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            m = re.match(r"(\d{4})-(\d{2})-(\d{2})", text)
            if m:
                try:
                    when = datetime(int(m[1]), int(m[2]), int(m[3]))
                except ValueError:
                    when = None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp() / 86400.0


@dataclass(slots=True)
class _Entry:
    article_id: str
    sig: Signature
    days: float | None
    order: int


class CopyFinder:
    """Finds, for each text added, the earlier text it is a near-duplicate copy of.

    Add texts (or stored signatures, with :meth:`add_signature`) in the order they were stored; ``add``
    returns ``(original_id, jaccard)`` for a copy, ``(None, best_jaccard)`` otherwise. When a text turns
    out to be older than the original of the group it copies, it becomes that group's original and the
    group is re-pointed; :attr:`copy_of` always holds the current links and :attr:`changed` the ids whose
    link moved since the last :meth:`take_changed`.
    """

    def __init__(self, rule: CopyRule = DEFAULT_RULE) -> None:
        self.rule = rule
        self.copy_of: dict[str, str] = {}
        self.similarity: dict[str, float] = {}
        self.changed: set[str] = set()
        self._entries: dict[str, _Entry] = {}
        self._members: dict[str, list[str]] = {}  # original -> its copies
        self._buckets: dict[int, list[str]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, article_id: object) -> bool:
        return article_id in self._entries

    def add(self, article_id: str, text: str, published: str | float | None = None) -> tuple[str | None, float]:
        """Index ``text``; its original when it is a copy of an indexed text, and the best Jaccard seen."""
        days = published_days(published) if isinstance(published, str) or published is None else float(published)
        return self.add_signature(article_id, signature(text), days)

    def add_signature(
        self, article_id: str, sig: Signature, days: float | None = None, *, known_original: str | None = None
    ) -> tuple[str | None, float]:
        """Like :meth:`add` with a computed signature. ``known_original`` preloads a stored link as is
        (when that original is indexed) instead of searching again."""
        if article_id in self._entries:
            return self.copy_of.get(article_id), self.similarity.get(article_id, 1.0)
        entry = _Entry(article_id, sig, days, len(self._entries))
        keys = band_keys(sig) if sig.words >= self.rule.min_words else []
        root: str | None
        if known_original is not None and known_original in self._entries:
            root = self._root(known_original)
            best_j = self.similarity.get(article_id, 1.0)
        else:
            root, best_j = self._search(sig, keys)
        self._entries[article_id] = entry
        for key in keys:
            bucket = self._buckets.setdefault(key, [])
            bucket.append(article_id)
            if len(bucket) > 2 * BUCKET_CAP:
                del bucket[:-BUCKET_CAP]
        if root is None:
            return None, best_j
        if _earlier(entry, self._entries[root]):  # the newcomer is older: it becomes the original
            self._repoint(root, article_id, best_j)
            return None, best_j
        self._link(article_id, root, best_j)
        return root, best_j

    def signatures(self) -> list[tuple[str, Signature, float | None]]:
        """Every indexed ``(article_id, signature, days)`` in the order added (what a saved state keeps)."""
        return [(e.article_id, e.sig, e.days) for e in self._entries.values()]

    def take_changed(self) -> set[str]:
        """The ids whose :attr:`copy_of` link changed since the last call (and forget them)."""
        out, self.changed = self.changed, set()
        return out

    def _search(self, sig: Signature, keys: Sequence[int]) -> tuple[str | None, float]:
        seen: set[str] = set()
        best: tuple[float, int, str] | None = None
        best_j = 0.0
        for key in keys:
            for other in self._buckets.get(key, ())[-BUCKET_CAP:]:
                if other in seen:
                    continue
                seen.add(other)
                ok, j = is_copy(sig, self._entries[other].sig, self.rule)
                best_j = max(best_j, j)
                if ok and (best is None or (j, -self._entries[other].order) > best[:2]):
                    best = (j, -self._entries[other].order, other)
        if best is None:
            return None, best_j
        return self._root(best[2]), best[0]

    def _root(self, article_id: str) -> str:
        return self.copy_of.get(article_id, article_id)

    def _link(self, copy: str, original: str, j: float) -> None:
        self.copy_of[copy] = original
        self.similarity[copy] = j
        self._members.setdefault(original, []).append(copy)
        self.changed.add(copy)

    def _repoint(self, old_root: str, new_root: str, j: float) -> None:
        moved = [old_root, *self._members.pop(old_root, [])]
        for member in moved:
            self._link(member, new_root, self.similarity.get(member, j) if member != old_root else j)


def _earlier(a: _Entry, b: _Entry) -> bool:
    """True when ``a`` was published before ``b`` (both dated); otherwise the one added first wins."""
    if a.days is not None and b.days is not None and a.days != b.days:
        return a.days < b.days
    return a.order < b.order


def find_copies(items: Iterable[tuple[str, str, str | None]], rule: CopyRule = DEFAULT_RULE) -> dict[str, str]:
    """``{copy_id: original_id}`` for ``(id, text, published)`` items, in the order given."""
    finder = CopyFinder(rule)
    for article_id, text, published in items:
        finder.add(article_id, text, published)
    return dict(finder.copy_of)
