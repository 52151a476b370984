"""The package stays small, typed and acyclic: no import cycle between its
modules, no module over MAX_MODULE_LINES lines, no function over
MAX_FUNCTION_LINES lines. Read from the source with ``ast``; nothing is
imported."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scrapy_webclean"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80

# Today's offenders, each to be split and then struck from these lists; they
# must only shrink (a new entry needs a reason in the commit that adds it).
#: Modules over MAX_MODULE_LINES lines.
MODULE_ALLOWLIST: set[str] = set()
#: Functions over MAX_FUNCTION_LINES lines, as "module:function".
FUNCTION_ALLOWLIST: set[str] = set()
#: Imports that close a cycle today, as (importer, imported).
CYCLE_ALLOWLIST: set[tuple[str, str]] = set()


def _modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every import statement run at some point (module or function level);
    those under ``if TYPE_CHECKING:`` never run, and are left out."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _targets(name: str, path: Path, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> set[str]:
    """The package modules ``node`` (in module ``name``) imports."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    if node.level:
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    found = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in modules:
            found.add(sub)  # "from package import module"
        elif base in modules:
            found.add(base)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            edges |= _targets(name, path, node, modules)
        edges.discard(name)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a list of modules, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        path = [start]
        iters = [iter(sorted(graph[start]))]
        state[start] = 1
        while iters:
            nxt = next(iters[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                iters.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                iters.append(iter(sorted(graph.get(nxt, ()))))
    return None


def _sizes():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        source = path.read_text(encoding="utf-8")
        functions = {}
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions[f"{rel}:{node.name}"] = node.end_lineno - node.lineno + 1
        yield rel, len(source.splitlines()), functions


def test_no_import_cycle():
    graph = import_graph()
    assert "scrapy_webclean.extractors.base" in graph["scrapy_webclean.extractors.auto"]  # the walk reads imports
    stale = {(a, b) for a, b in CYCLE_ALLOWLIST if b not in graph.get(a, ())}
    assert not stale, f"imports gone, strike from CYCLE_ALLOWLIST: {stale}"
    for a, b in CYCLE_ALLOWLIST:
        graph[a].discard(b)
    cycle = find_cycle(graph)
    assert cycle is None, f"import cycle: {' -> '.join(cycle or [])}"


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_module_and_function_sizes():
    long_modules, long_functions = set(), set()
    for rel, lines, functions in _sizes():
        if lines > MAX_MODULE_LINES:
            long_modules.add(rel)
        long_functions |= {name for name, size in functions.items() if size > MAX_FUNCTION_LINES}
    assert long_modules <= MODULE_ALLOWLIST, f"modules over {MAX_MODULE_LINES} lines: {long_modules - MODULE_ALLOWLIST}"
    assert long_functions <= FUNCTION_ALLOWLIST, (
        f"functions over {MAX_FUNCTION_LINES} lines: {long_functions - FUNCTION_ALLOWLIST}")


def test_the_allowlists_only_name_offenders():
    # A module or function split below the limit leaves the list with it.
    sizes = {rel: (lines, functions) for rel, lines, functions in _sizes()}
    fixed = {rel for rel in MODULE_ALLOWLIST if rel not in sizes or sizes[rel][0] <= MAX_MODULE_LINES}
    assert not fixed, f"no longer over {MAX_MODULE_LINES} lines, strike from MODULE_ALLOWLIST: {fixed}"
    every = {name: size for _, (_, functions) in sizes.items() for name, size in functions.items()}
    fixed = {f for f in FUNCTION_ALLOWLIST if every.get(f, 0) <= MAX_FUNCTION_LINES}
    assert not fixed, f"no longer over {MAX_FUNCTION_LINES} lines, strike from FUNCTION_ALLOWLIST: {fixed}"
