"""Bad input: each gives one clear error naming the file and the cause, and the batch goes on."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from slant.config import Settings
from slant.ingest import iter_documents
from slant.models import InputError, RawDocument

SETTINGS = Settings()
GOOD_TEXT = "Harbour levy vote set\n\nThe Marsh council will vote on the harbour levy in September."
SCRIPTS_ONLY = (
    "<!DOCTYPE html><html><head><title>Loading…</title><script>var a = 1;</script></head>"
    "<body><script src='app.js'></script><noscript>Please enable JavaScript.</noscript>"
    "<script>render(document.body);</script></body></html>"
)


def run(tmp_path: Path, *inputs: str, settings: Settings = SETTINGS) -> tuple[list[RawDocument], list[InputError]]:
    """Read the inputs plus one good file; the good file must always come through."""
    good = tmp_path / "good.txt"
    good.write_text(GOOD_TEXT, encoding="utf-8")
    items = list(iter_documents([*inputs, str(good)], settings))
    docs = [d for d in items if isinstance(d, RawDocument)]
    problems = [e for e in items if isinstance(e, InputError)]
    assert docs and docs[-1].source == str(good) and docs[-1].title == "Harbour levy vote set"
    return docs[:-1], problems


def one_error(tmp_path: Path, name: str, content: bytes, settings: Settings = SETTINGS) -> InputError:
    path = tmp_path / name
    path.write_bytes(content)
    docs, problems = run(tmp_path, str(path), settings=settings)
    assert docs == []
    assert len(problems) == 1, problems
    assert problems[0].source == str(path)
    assert "\n" not in str(problems[0])
    return problems[0]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("logo.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary file (NUL bytes or control characters)"),
        ("empty.txt", b"", "empty file"),
        ("blank.md", b" \n\t\n  \r\n", "empty file"),
        ("blank.html", b"\n\n", "empty file"),
        ("bad.txt", b"The mayor \x81\x8d\x8f said no.", "invalid UTF-8 at byte 10 and no fallback encoding fits"),
        ("cut.txt.gz", gzip.compress(GOOD_TEXT.encode() * 50)[:60], "truncated gzip stream"),
        ("notgz.txt.gz", b"this is not gzip data at all", "corrupt gzip data"),
        ("scripts.html", SCRIPTS_ONLY.encode(), "no article text found in HTML"),
        ("broken.json", b'{"title": "x", "text": "y",}', "malformed JSON (Expecting property name"),
        ("scalar.json", b"42", "expected a JSON object or array, got a number"),
        ("sitemap.xml", b'<?xml version="1.0"?><urlset><url><loc>x</loc></url></urlset>', "is not an RSS or Atom"),
        ("junk.rss", b"this is not a feed", "not an RSS or Atom feed"),
        ("notwarc.warc", b"hello, I am not a web archive\n", "not a WARC file (no WARC/1.x header)"),
        ("notwarc.warc.gz", gzip.compress(b"hello, I am not a web archive\n"), "not a WARC file"),
        ("plain.warc.gz", b"WARC/1.0\r\n", "corrupt gzip data"),
        ("blank.jsonl", b"\n\n\n", "empty file"),
    ],
)
def test_bad_file(tmp_path: Path, name: str, content: bytes, message: str) -> None:
    problem = one_error(tmp_path, name, content)
    assert message in problem.message


def test_file_over_size_cap(tmp_path: Path) -> None:
    problem = one_error(tmp_path, "big.txt", b"word " * 300, settings=SETTINGS.replace(max_bytes=1000))
    assert problem.message == "is 1,500 bytes, over the 1,000 bytes cap (set max_bytes to raise it)"


def test_large_file_message_in_megabytes(tmp_path: Path) -> None:
    problem = one_error(tmp_path, "big.html", b"<p>" + b"x" * 3_100_000, settings=SETTINGS.replace(max_bytes=2_000_000))
    assert problem.message == "is 3.1 MB, over the 2.0 MB cap (set max_bytes to raise it)"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # UTF-8 with a few cp1252 bytes pasted in (mixed encodings): those bytes are read as cp1252.
        ("Café owner: ".encode() + b"\x93it is fair\x94 \x96 she said.", "Café owner: “it is fair” – she said."),
        # A legacy cp1252 file: no valid UTF-8 multi-byte sequence, every byte defined in cp1252.
        ("Le maire a dit « non » à l’impôt.".encode("cp1252"), "Le maire a dit « non » à l’impôt."),
        ("Mayor says “no”.".encode("utf-16"), "Mayor says “no”."),
        (b"\xef\xbb\xbfMayor says no.", "Mayor says no."),
    ],
)
def test_encodings_that_decode(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "enc.txt"
    path.write_bytes(content)
    (doc,), problems = run(tmp_path, str(path))
    assert problems == [] and doc.text == expected


def test_malformed_json_lines_among_good_ones(tmp_path: Path) -> None:
    lines = [
        json.dumps({"text": "First good record."}),
        '{"text": "missing comma" "title": "x"}',
        json.dumps([1, 2]),
        json.dumps({"title": "no body"}),
        b"\xff\xfe bad bytes \x81".decode("latin-1"),
        json.dumps({"text": ""}),
        json.dumps({"text": "Last good record."}),
    ]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes("\n".join(lines).encode("latin-1"))
    docs, problems = run(tmp_path, str(path))
    assert [d.text for d in docs] == ["First good record.", "Last good record."]
    assert [d.source for d in docs] == [f"{path}#L1", f"{path}#L7"]
    assert all(p.source == str(path) for p in problems)
    messages = [p.message for p in problems]
    assert messages[0] == "line 2: malformed JSON (Expecting ',' delimiter)"
    assert messages[1] == "line 3: expected a JSON object, got an array"
    assert messages[2].startswith("line 4: no text field (looked for text, body")
    assert messages[3].startswith("line 5: ")
    assert messages[4] == "line 6: empty text"
    assert len(messages) == 5


def test_jsonl_record_over_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    records = [{"text": "short one"}, {"text": "x" * 5000}, {"text": "short two"}]
    path.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    docs, problems = run(tmp_path, str(path), settings=SETTINGS.replace(max_bytes=1000))
    assert [d.text for d in docs] == ["short one", "short two"]
    (problem,) = problems
    assert problem.message == "line 2: record over the 1,000 bytes cap (set max_bytes to raise it)"


def test_truncated_gzip_jsonl_keeps_earlier_records(tmp_path: Path) -> None:
    body = "\n".join(json.dumps({"text": f"Record {i} about the harbour levy vote."}) for i in range(400))
    data = gzip.compress(body.encode())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    docs, problems = run(tmp_path, str(path))
    assert len(docs) > 10 and docs[0].text == "Record 0 about the harbour levy vote."
    (problem,) = problems
    assert (problem.source, problem.message) == (str(path), "truncated gzip stream")


def make_warc(gz: bool, count: int) -> tuple[bytes, list[int]]:
    """A WARC of ``count`` HTML responses; also the end offset of each record."""
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gz)
    ends = []
    for i in range(count):
        html = (
            f"<html><body><article><p>Record {i}: the Marsh council debated the harbour levy for three "
            "hours before adjourning, with Councillor Oakes and deputy leader Lyle trading blows.</p>"
            "</article></body></html>"
        ).encode()
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        record = writer.create_warc_record(
            f"https://ledger.example/{i}", "response", payload=io.BytesIO(html), http_headers=headers
        )
        writer.write_record(record)
        ends.append(buf.tell())
    return buf.getvalue(), ends


@pytest.mark.parametrize(
    ("gz", "cut", "message"),
    [
        (True, "mid-record", "truncated gzip stream: the archive ends early (2 records read)"),
        (True, "mid-header", "truncated gzip stream: the archive ends early (2 records read)"),
        (False, "mid-record", "truncated WARC: the file ends inside record 3"),
        (False, "mid-header", "truncated WARC: the file ends inside record 3"),
    ],
)
def test_truncated_warc_keeps_earlier_records(tmp_path: Path, gz: bool, cut: str, message: str) -> None:
    data, ends = make_warc(gz, 3)
    at = (ends[1] + ends[2]) // 2 if cut == "mid-record" else ends[1] + 20
    path = tmp_path / ("cut.warc.gz" if gz else "cut.warc")
    path.write_bytes(data[:at])
    docs, problems = run(tmp_path, str(path))
    assert [d.text.split(":")[0] for d in docs] == ["Record 0", "Record 1"]
    (problem,) = problems
    assert (problem.source, problem.message) == (str(path), message)


def test_listing_problems(tmp_path: Path) -> None:
    (tmp_path / "report.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "empty_folder").mkdir()
    inputs = [
        str(tmp_path / "report.pdf"),
        str(tmp_path / "missing.txt"),
        str(tmp_path / "empty_folder"),
        str(tmp_path / "*.docx"),
        "https://news.example/story",
    ]
    docs, problems = run(tmp_path, *inputs)
    assert docs == []
    assert [p.source for p in problems] == inputs
    messages = [p.message for p in problems]
    assert messages[0].startswith("unsupported file type .pdf; slant reads")
    assert messages[1] == "no such file or folder"
    assert messages[2] == "folder holds no file slant can read"
    assert messages[3] == "pattern matches no file slant can read"
    assert messages[4] == "URL given but fetching is off; pass --fetch to download it"


def test_file_removed_after_listing(tmp_path: Path) -> None:
    from slant.ingest import list_sources, read_source

    path = tmp_path / "gone.txt"
    path.write_text(GOOD_TEXT, encoding="utf-8")
    (source,), _ = list_sources([str(path)], SETTINGS)
    path.unlink()
    assert list(read_source(source, SETTINGS)) == [InputError(str(path), "no such file or folder")]


def test_url_with_fetch_and_no_server(tmp_path: Path) -> None:
    url = "http://127.0.0.1:9/story"  # the discard port: nothing listens there
    docs, problems = run(tmp_path, url, settings=SETTINGS.replace(fetch=True))
    assert docs == []
    (problem,) = problems
    assert (problem.source, problem.message) == (url, "cannot fetch URL: Connection refused")


def test_stdin_binary(tmp_path: Path) -> None:
    items = list(iter_documents(["-"], SETTINGS, stdin=io.BytesIO(b"\x00\x01\x02binary")))
    assert items == [InputError("<stdin>", "binary file (NUL bytes or control characters), not text")]


def test_extractor_crash_on_one_record_does_not_stop_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import slant.ingest.records as records

    real = records.extract_html

    def flaky(html: str, source: str, **kw: object) -> RawDocument:
        if "BOOM" in html:
            raise RuntimeError("parser exploded")
        return real(html, source, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(records, "extract_html", flaky)
    path = tmp_path / "pages.jsonl"
    lines = [{"html": "<html><body>BOOM</body></html>"}, {"text": "After the crash."}]
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    docs, problems = run(tmp_path, str(path))
    assert [d.text for d in docs] == ["After the crash."]
    assert [p.message for p in problems] == ["line 1: cannot read record (RuntimeError: parser exploded)"]
