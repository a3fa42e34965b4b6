"""A generator of hostile inputs: bombs, broken archives, bad encodings, malformed markup, hostile names.

``write_hostile_folder`` writes them beside a few good files into one folder and says, for each file, what
must come of it: stored (good), named on one error line (bad), or passed over for its type (unsupported).
All text is our own invention.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

GiB = 1 << 30


def _story(n: int) -> str:
    return (
        f"Councillor Bea Marten of the Fenwick Civic Party said on Tuesday (report {n}) that the tram levy "
        "would fund three new lines. Her rival, Osric Dallow, called the plan reckless and vowed to oppose it."
    )


def html_page(n: int) -> bytes:
    return f"<html><head><title>Tram levy {n}</title></head><body><article><p>{_story(n)}</p></article></body></html>".encode()


def zeros_gzip_member(size: int) -> bytes:
    """One gzip member holding ``size`` zero bytes (2 GiB packs into about 2 MB)."""
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = bytes(1 << 20)
    parts = [c.compress(chunk) for _ in range(size >> 20)]
    parts.append(c.compress(bytes(size & ((1 << 20) - 1))))
    parts.append(c.flush())
    return b"".join(parts)


def warc(pages: list[bytes], *, gz: bool) -> bytes:
    """A WARC of HTML responses (one gzip member per record when ``gz``)."""
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gz)
    for i, html in enumerate(pages):
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        record = writer.create_warc_record(
            f"https://tramwatch.example/{i}", "response", payload=io.BytesIO(html), http_headers=headers
        )
        writer.write_record(record)
    return buf.getvalue()


def warc_body_bomb(good: bytes, zeros: bytes, size: int) -> bytes:
    """A good WARC record, then a response record whose body is ``zeros`` (``size`` bytes inflated)."""
    head = (
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-000000000bad>\r\n"
        f"WARC-Target-URI: https://tramwatch.example/bomb\r\nContent-Length: {size + 44}\r\n\r\n"
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
    ).encode()
    return good + gzip.compress(head) + zeros


@dataclass
class HostileFolder:
    """What each file in the folder must give."""

    root: Path
    #: file name -> the source titles it must store
    good: dict[str, list[str]] = field(default_factory=dict)
    #: file name -> a phrase its one error line must hold
    bad: dict[str, str] = field(default_factory=dict)
    unsupported: list[str] = field(default_factory=list)
    #: files that may give a short document or an error, but never a crash or a hang
    either: list[str] = field(default_factory=list)


def write_hostile_folder(root: Path, *, bomb_size: int = 2 * GiB, max_bytes: int = 20_000_000) -> HostileFolder:
    """Write the hostile folder (bombs inflate to ``bomb_size``); ``max_bytes`` is the run's size cap."""
    root.mkdir(parents=True, exist_ok=True)
    f = HostileFolder(root)
    zeros = zeros_gzip_member(bomb_size)

    def put(name: str, data: bytes) -> None:
        (root / name).write_bytes(data)

    put("a-good.txt", f"Tram levy 1\n\n{_story(1)}".encode())
    f.good["a-good.txt"] = ["Tram levy 1"]
    put("b-good.html", html_page(2))
    f.good["b-good.html"] = ["Tram levy 2"]
    lines = [json.dumps({"title": f"Tram levy {n}", "text": _story(n)}) for n in (3, 4)]
    put("c-good.jsonl", ("\n".join(lines) + "\n").encode())
    f.good["c-good.jsonl"] = ["Tram levy 3", "Tram levy 4"]
    put("d-good.warc.gz", warc([html_page(5), html_page(6)], gz=True))
    f.good["d-good.warc.gz"] = ["Tram levy 5", "Tram levy 6"]

    put("bomb.txt.gz", zeros)
    f.bad["bomb.txt.gz"] = "decompression bomb"
    put("bomb.jsonl.gz", gzip.compress(lines[0].encode() + b"\n" + b"x" * 9000) + zeros)
    f.bad["bomb.jsonl.gz"] = "decompression bomb"
    good_record = warc([html_page(7)], gz=True)
    put("bomb.warc.gz", warc_body_bomb(good_record, zeros, bomb_size))
    f.good["bomb.warc.gz"] = ["Tram levy 7"]  # the record before the bomb is kept
    f.bad["bomb.warc.gz"] = "decompression bomb"
    put("header-bomb.warc.gz", warc([html_page(8)], gz=True) + gzip.compress(b"WARC/1.0\r\nX-Pad: ") + zeros)
    f.good["header-bomb.warc.gz"] = ["Tram levy 8"]
    f.bad["header-bomb.warc.gz"] = "max_header_bytes"
    put("line-bomb.warc", b"WARC/1.0\r\nWARC-Type: response\r\nX-Pad: " + b"y" * 2_000_000)
    f.bad["line-bomb.warc"] = "max_header_bytes"

    cut = warc([html_page(9), html_page(10)], gz=False)
    put("truncated.warc", cut[: len(cut) - 40])
    f.good["truncated.warc"] = ["Tram levy 9"]
    f.bad["truncated.warc"] = "truncated WARC"
    put("cut-header.warc", cut[:30])
    f.bad["cut-header.warc"] = "WARC"
    many = gzip.compress(
        "".join(json.dumps({"title": f"Levy note {n}", "text": _story(1000 + n)}) + "\n" for n in range(300)).encode()
    )
    put("truncated.jsonl.gz", many[: len(many) // 2])
    f.good["truncated.jsonl.gz"] = ["Levy note 0", "Levy note 1"]
    f.bad["truncated.jsonl.gz"] = "truncated gzip stream"
    put("binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    f.bad["binary.txt"] = "binary file"
    put("empty.md", b"")
    f.bad["empty.md"] = "empty file"
    put("broken-encoding.txt", b"The tram \x81\x8d\x8f levy.")
    f.bad["broken-encoding.txt"] = "invalid UTF-8"
    put("malformed.json", b'{"title": "Tram", "text": ')
    f.bad["malformed.json"] = "malformed JSON"
    put("nested.json", b"[" * 200_000 + b"]" * 200_000)
    f.bad["nested.json"] = "nested.json"
    put("scripts-only.html", b"<html><head><script>var x = 1;</script></head><body><script>go()</script></body>")
    f.bad["scripts-only.html"] = "no article text"
    put("tag-soup.html", b"<html><body><div><p><<<</b></i><table><tr><td>" * 2000 + b"</body>")
    f.either.append("tag-soup.html")
    laughs = "".join(f'<!ENTITY l{i} "{("&l" + str(i - 1) + ";") * 10}">' for i in range(1, 12))
    put(
        "laughs.rss",
        f'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY l0 "ha">{laughs}]><rss version="2.0"><channel>'
        "<title>Laughs</title><item><title>&l11;</title><description>&l11;</description></item></channel></rss>".encode(),
    )
    f.either.append("laughs.rss")  # entities are never expanded: at most a short item comes of it
    put("huge.txt", b"tram levy " * (max_bytes // 10 + 1))
    f.bad["huge.txt"] = "cap"
    put("evil\x1b[2Jname\n.txt", b"\x00\x01\x02 not text")
    f.bad["evil\x1b[2Jname\n.txt"] = "binary file"
    put("report.pdf", b"%PDF-1.4 not read by slant")
    f.unsupported.append("report.pdf")
    put("photo.jpeg", b"\xff\xd8\xff\xe0 not read by slant")
    f.unsupported.append("photo.jpeg")
    return f
