"""``webclean extract`` on many pages: folders, lists, URLs, --parallel, JSON Lines."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_webclean.__main__ import main

PAGES = Path(__file__).resolve().parent / "pages"


@pytest.fixture
def folder(tmp_path, bbc_page, netease_page):
    """Real pages: the two hand-picked ones, gzipped in a subfolder too, and
    a file that is not HTML (left out of a folder)."""
    root = tmp_path / "site"
    (root / "old").mkdir(parents=True)
    (root / "a-bbc.html").write_bytes(bbc_page)
    (root / "b-163.htm").write_bytes(netease_page)
    (root / "old" / "c-bbc.html.gz").write_bytes(gzip.compress(bbc_page))
    (root / "notes.txt").write_text("not a page")
    return root


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def records(text):
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("parallel", ["1", "2"])
def test_folder_in_parallel_as_json_lines_in_order(folder, capsys, parallel):
    code, out, err = run(["extract", str(folder), "--parallel", parallel, "--no-progress"], capsys)
    assert code == 0
    rows = records(out)
    assert [Path(r["source"]).name for r in rows] == ["a-bbc.html", "b-163.htm", "c-bbc.html.gz"]
    assert rows[0]["title"] == "Trump would win trade war with China, says aide"
    assert rows[0]["text"] == rows[2]["text"] and len(rows[0]["text"]) > 2000
    assert sum("\u4e00" <= ch <= "\u9fff" for ch in rows[1]["text"]) > 200
    assert set(rows[0]) >= {"url", "title", "text", "author", "date", "extractor", "encoding"}
    assert "html" not in rows[0] and "markdown" not in rows[0]
    assert "webclean: 3 pages in " in err and f"{parallel} process" in err
    assert err.rstrip().endswith("3 extracted, 0 with no text, 0 failed")


def test_lists_urls_and_failures(folder, tmp_path, capsys, bbc_page, serve_pages):
    base = serve_pages({"/news/trade.html": bbc_page})
    listing = tmp_path / "list.txt"
    listing.write_text(f"# pages to extract\n{folder / 'a-bbc.html'}\n\n{base}/news/trade.html\n{base}/gone.html\n"
                       f"{tmp_path / 'missing.html'}\n")
    output = tmp_path / "out.jsonl"
    code, out, err = run(["extract", "--input-file", str(listing), "-w", str(output), "-f", "markdown",
                          "--no-progress"], capsys)
    assert code == 1 and out == ""
    rows = records(output.read_text())
    assert [r["source"] for r in rows] == [str(folder / "a-bbc.html"), f"{base}/news/trade.html",
                                           f"{base}/gone.html", str(tmp_path / "missing.html")]
    assert rows[1]["url"] == f"{base}/news/trade.html" and rows[1]["markdown"] == rows[0]["markdown"]
    assert rows[2] == {"source": f"{base}/gone.html", "error": "HTTP 404 Not Found"}
    assert rows[3]["error"].startswith("cannot read: No such file")
    assert f"webclean: {base}/gone.html: HTTP 404 Not Found" in err
    assert err.rstrip().endswith("2 extracted, 0 with no text, 2 failed")


def test_progress_bar_and_json_format(folder, capsys):
    code, out, err = run(["extract", str(folder / "a-bbc.html"), str(folder / "b-163.htm"), "--format", "json",
                          "--progress"], capsys)
    assert code == 0
    assert "100%" in err and "2/2" in err  # tqdm's bar, on stderr
    row = records(out)[0]
    assert row["text"] and row["html"].startswith("<") and row["markdown"]


def test_single_page_prints_content_stdin_and_jsonl(monkeypatch, capsys, bbc_page):
    code, out, err = run(["extract", str(PAGES / "bbc-article.html")], capsys)
    assert code == 0 and out.startswith("One of Donald Trump's closest advisers") and err == ""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bbc_page)))
    code, out, _ = run(["extract", "-", "--url", "https://www.bbc.com/news/x", "--jsonl", "--no-progress"], capsys)
    [row] = records(out)
    assert code == 0 and row["source"] == "-" and row["url"] == "https://www.bbc.com/news/x" and row["text"]


def test_bad_arguments_exit_2(tmp_path, capsys):
    code, _, err = run(["extract", str(PAGES), "-o", "colour=red"], capsys)
    assert code == 2 and "unknown option(s) 'colour'" in err
    code, _, err = run(["extract", str(tmp_path)], capsys)
    assert code == 2 and "no HTML files in" in err
    code, _, err = run(["extract", str(tmp_path / "none.html")], capsys)
    assert code == 2 and "cannot read: No such file" in err
    with pytest.raises(SystemExit):
        main(["extract", str(PAGES), "--parallel", "0"])


def test_webclean_script(folder):
    script = Path(sys.executable).with_name("webclean")
    if not script.exists():
        pytest.skip("the webclean script is not installed beside this interpreter")
    done = subprocess.run([str(script), "extract", str(folder), "--parallel", "2"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and len(records(done.stdout)) == 3
    assert "3 extracted" in done.stderr


def test_no_input_is_a_usage_error(capsys):
    code, _, err = run(["extract"], capsys)
    assert code == 2 and "extract needs a file, folder, URL or -" in err
