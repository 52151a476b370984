"""Copy a sample of two real news sites from the shared gold corpora into the repo.

Run once by the maintainers (the result is committed); the example spider
serves the copy. For each site it writes ``sample_sites/<name>/manifest.json``
(host, charset, and for each page its real URL path, title and file) and the
pages themselves, gzipped, unchanged::

    python example_project/make_sample_sites.py ../shared/corpora

BBC pages are picked so that as many as possible link to each other (the
spider follows those real links); the NetEase (163.com) sample has no links
between its pages, so the first pages by number are taken.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

HERE = Path(__file__).resolve().parent / "sample_sites"
PAGES_PER_SITE = 28
SITES = {  # name -> (corpus folder, HTTP charset the real site serves)
    "bbc": ("site-bbc", "utf-8"),
    "163": ("site-163", "gbk"),
}
_TITLE = re.compile(rb"<title[^>]*>(.*?)</title>", re.S | re.I)
_HREF = re.compile(rb"""href=["']([^"']+)["']""", re.I)


def _links(body: bytes, base: str) -> set[str]:
    return {urljoin(base, h.decode("latin-1")).split("#")[0] for h in _HREF.findall(body)}


def bundle(corpora: Path) -> None:
    for name, (folder, charset) in SITES.items():
        gt = json.loads((corpora / folder / "ground-truth.json").read_text(encoding="utf-8"))
        bodies = {pid: gzip.decompress((corpora / folder / "pages" / f"{pid}.html.gz").read_bytes()) for pid in gt}
        by_url = {gt[pid]["url"]: pid for pid in gt}
        linked = {pid: {by_url[u] for u in _links(bodies[pid], gt[pid]["url"]) if u in by_url} - {pid}
                  for pid in gt}
        # Pages with links into the corpus (or linked to) first, then by id.
        degree = {pid: len(linked[pid]) + sum(pid in v for v in linked.values()) for pid in gt}
        chosen = sorted(gt, key=lambda pid: (-degree[pid], int(pid.rsplit("-", 1)[1]) if name == "163" else pid))
        chosen = sorted(chosen[:PAGES_PER_SITE])
        out = HERE / name
        (out / "pages").mkdir(parents=True, exist_ok=True)
        pages = {}
        host = None
        for pid in chosen:
            url = urlsplit(gt[pid]["url"])
            host = url.hostname
            match = _TITLE.search(bodies[pid])
            title = match.group(1).decode(charset, "replace").strip() if match else pid
            fname = f"{pid}.html.gz"
            (out / "pages" / fname).write_bytes(gzip.compress(bodies[pid], 9, mtime=0))
            pages[url.path] = {"file": fname, "title": re.sub(r"\s+", " ", title), "url": gt[pid]["url"]}
        manifest = {"host": host, "charset": charset, "source": f"shared/corpora/{folder}", "pages": pages}
        (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                           encoding="utf-8")
        print(name, host, len(pages), "pages")


if __name__ == "__main__":
    bundle(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpora"))
