"""A griffe extension for the docs site's Python API: the docstrings' Sphinx-style roles become links.

The docstrings cite each other as Sphinx does (``:class:`~loveletter.engine.View```, ``:func:`choose```,
``:mod:`.search```); mkdocstrings reads docstrings as Markdown, where those would show as they are typed. Once the
package is loaded, each role is resolved as Python would resolve the name from where the docstring is (the object's
own members, then its module's names and imports, a leading dot from its package; failing those, the one object of
that name in the docstring's module, else in the whole package) and written as a cross-reference
to the object it names, which the site renders on its package's API page: ``[`View`][loveletter.engine.view.View]``.
A name that leads out of the package (the standard library, rich, the tests) is written as code; a name that leads
nowhere is a stale reference, and fails the strict build. Doctest examples (``>>>``) become fenced code, and an
rST ``::`` before an indented block a colon, so that both read as they were meant.

Used by ``mkdocs.yml`` (``plugins: mkdocstrings: handlers: python: options: extensions``).
"""

from __future__ import annotations

import builtins
import functools
import logging
import re
from typing import Any

import griffe

PACKAGE = "loveletter"
ROLE = re.compile(r":(?:py:)?(?:class|mod|func|data|meth|attr|exc|obj|const):`(~?)([^`]+)`")
_LOG = logging.getLogger(f"mkdocs.plugins.{__name__}")


def objects(obj: griffe.Object) -> list[griffe.Object]:
    """``obj`` and every object defined in it, aliases (imported names) left out."""
    found = [obj]
    for member in obj.members.values():
        if not member.is_alias:
            found += objects(member)  # type: ignore[arg-type]
    return found


class DocstringRoles(griffe.Extension):
    """Rewrites the roles, doctests and literal blocks of every docstring of :data:`PACKAGE`."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if pkg.name != PACKAGE:
            return
        self.loader = loader
        self.by_name: dict[str, list[str]] = {}
        for obj in objects(pkg):
            self.by_name.setdefault(obj.name, []).append(obj.path)
        for obj in objects(pkg):
            if obj.docstring is not None:
                text = ROLE.sub(functools.partial(self.reference, where=obj), obj.docstring.value)
                obj.docstring.value = fence_doctests(text.replace("::\n", ":\n"))

    def reference(self, match: re.Match[str], where: griffe.Object) -> str:
        short, name = match[1] == "~", "".join(match[2].split())  # a role may be wrapped over two lines
        title = None
        if name.endswith(">") and "<" in name:  # :attr:`title <target>`
            title, _, name = match[2].partition("<")
            name = name.rstrip(">").strip()
        shown = f"`{title.strip() if title else name.rsplit('.', 1)[-1] if short else name.lstrip('.')}`"
        path = self.resolve(name, where)
        if path is None:
            if "." in name.lstrip(".") or hasattr(builtins, name) or unpacked(name, where.module):
                return shown  # the standard library, another package, the tests: not on this site
            _LOG.warning("%s: %s names nothing (%s)", where.path, match[0], "fix or remove the reference")
            return shown
        target = self.find(path)
        if target is None:
            if path.split(".")[0] == PACKAGE:
                _LOG.warning("%s: %s names %s, which does not exist", where.path, match[0], path)
            return shown
        if not path.startswith(PACKAGE + ".") and path != PACKAGE:
            return shown
        if any(part.startswith("_") for part in target.path.split(".")):
            return shown  # private (or a special method): not rendered on the site
        return f"[{shown}][{target.path}]"

    def resolve(self, name: str, where: griffe.Object) -> str | None:
        """The full path ``name`` stands for, seen from ``where``."""
        if name.startswith("."):  # relative to the docstring's package, as an import would be
            dots = len(name) - len(name.lstrip("."))
            module = where.module
            base = module.path if module.is_init_module else module.parent.path  # type: ignore[union-attr]
            for _ in range(dots - 1):
                base = base.rpartition(".")[0]
            return f"{base}.{name.lstrip('.')}"
        if name.split(".", maxsplit=1)[0] == PACKAGE:
            return name
        first, _, rest = name.partition(".")
        try:
            resolved: str | None = where.resolve(first)
        except griffe.NameResolutionError:
            resolved = self.only(first, where)
        if resolved is None:
            return None
        return f"{resolved}.{rest}" if rest else resolved

    def only(self, name: str, where: griffe.Object) -> str | None:
        """The one object called ``name`` in ``where``'s module (a method its module's docstring cites, a name of a
        package's modules), else in the whole package; ``None`` if there is none, or more than one."""
        everywhere = self.by_name.get(name, [])
        module = where.module.path
        near = [path for path in everywhere if path.startswith(module + ".")]
        for found in (near, everywhere):
            if len(found) == 1:
                return found[0]
        return None

    def find(self, path: str) -> griffe.Object | None:
        """The object at ``path`` (the object an imported name stands for), if the package has one."""
        try:
            found: griffe.Object | griffe.Alias = self.loader.modules_collection[path]
        except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        try:
            return found.final_target if isinstance(found, griffe.Alias) else found
        except (griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None


def unpacked(name: str, module: griffe.Module) -> bool:
    """Whether ``module`` assigns ``name`` in a tuple (``A, B = 1, 2``), which griffe does not record."""
    target = re.compile(rf"^(?:\w+\s*,\s*)*{re.escape(name)}\s*(?:,\s*\w+\s*)*(?::[^=]*)?=", re.MULTILINE)
    return any(target.match(line) for line in module.lines if "," in line.partition("=")[0])


_PROMPT = re.compile(r"^(\s*)>>> ")


def fence_doctests(text: str) -> str:
    """``text`` with each doctest example (from a ``>>>`` line to the next blank line) in a fenced code block."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        prompt = _PROMPT.match(lines[i])
        if prompt is None:
            out.append(lines[i])
            i += 1
            continue
        indent = prompt[1]
        block = []
        while i < len(lines) and lines[i].strip():
            block.append(lines[i].removeprefix(indent))
            i += 1
        out += [f"{indent}```pycon", *(indent + line for line in block), f"{indent}```"]
    return "\n".join(out)
