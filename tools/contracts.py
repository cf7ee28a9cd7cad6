"""Import-linter contract types of our own (a development tool: neither portcheck nor
portinterp imports it; ``lint-imports`` finds it from the repository's root, where tox runs).

``acyclic_modules``: no import cycle among the modules of the given packages, whatever
the packages they sit in.  import-linter's ``acyclic_siblings`` compares the children of
each package, so it sees a cycle between modules of two sibling packages, or between two
modules of one package; it does not see a cycle that runs through a package's own
``__init__`` (``portinterp.bsl`` importing ``portinterp.bsl.platform``, which imports a
name of ``portinterp.bsl``), because a package is not its own child.  This contract looks
at the modules themselves: it reports every strongly connected component of the import
graph (restricted to the packages named) with one cycle through it.

    [[tool.importlinter.contracts]]
    name = "..."
    type = "acyclic_modules"
    containers = ["portinterp"]
"""

from __future__ import annotations

import grimp
from importlinter import Contract, ContractCheck, fields, output


class AcyclicModulesContract(Contract):
    """No import cycle among the modules of ``containers`` (imports inside functions and
    under ``TYPE_CHECKING`` count: grimp sees them)."""

    type_name = "acyclic_modules"

    containers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        containers = [str(c) for c in self.containers]  # type: ignore[attr-defined]
        modules = {m for m in graph.modules if any(m == c or m.startswith(c + ".")
                                                   for c in containers)}
        edges = {m: sorted(graph.find_modules_directly_imported_by(m) & modules)
                 for m in sorted(modules)}
        cycles = [_cycle_through(component, edges) for component in _components(edges)]
        output.verbose_print(verbose, f"{len(modules)} modules, {len(cycles)} cycles.")
        return ContractCheck(kept=not cycles, metadata={"cycles": cycles})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for cycle in check.metadata["cycles"]:
            output.print_error("Import cycle:")
            output.print_error("\n".join(f"    {module}" + (" ->" if n < len(cycle) - 1 else "")
                                          for n, module in enumerate(cycle)))
            output.new_line()


def _components(edges: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    without recursion: an import graph can be deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            successors = edges[node]
            if position < len(successors):
                work.append((node, position + 1))
                successor = successors[position]
                if successor not in index:
                    work.append((successor, 0))
                elif successor in on_stack:
                    low[node] = min(low[node], index[successor])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def _cycle_through(component: list[str], edges: dict[str, list[str]]) -> list[str]:
    """One cycle of imports inside ``component``, from its first module back to it
    (breadth first: a shortest one)."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for successor in edges[node]:
            if successor not in members:
                continue
            if successor == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if successor not in came_from:
                came_from[successor] = node
                queue.append(successor)
    raise AssertionError("a strongly connected component holds a cycle")
