#!/usr/bin/env python3
"""Prints the benchmark tables of docs/Performance.md and docs/Design.md from the committed results.

`make bench` records each machine's latest full run as benchmarks/results/<machine>/latest.json (the
JSON report of `emitter bench`). This script turns those files into Markdown tables:

  budgets  one row per budget of docs/Design.md section 7: measured value, verdict, figure
  goals    one row per figure that has a goal: goal, engine median, ratio engine / reference, met

A document holds a generated table between two markers, for example

  <!-- bench-tables: budgets -->
  ...
  <!-- end bench-tables -->

Usage:
  scripts/bench-tables.py                         print every table
  scripts/bench-tables.py --write FILE...         replace the tables in FILEs with fresh ones
  scripts/bench-tables.py --check FILE...         exit 1 when a table in FILEs differs (the tests run this)
  --results DIR                                   the results folder (default: benchmarks/results)

Python 3 standard library only.
"""

import argparse
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RESULTS = os.path.join(ROOT, "benchmarks", "results")
KINDS = ("budgets", "goals")
BLOCK = re.compile(r"(<!-- bench-tables: (\w+) -->\n)(.*?)(<!-- end bench-tables -->)", re.S)

# The units of budget measurements as `emitter bench` names them, in words.
UNITS = {
    "bytesPerLiveParticle": "bytes per live particle",
    "peakResidentMB": "MB resident",
    "ms": "ms",
    "corePercentAt60fps": "% of one core",
}


class ResultError(Exception):
    """A committed result that cannot stand for its machine."""


def load_results(folder):
    """The latest result of every machine, sorted by machine name."""
    results = []
    if not os.path.isdir(folder):
        return results
    for machine in sorted(os.listdir(folder)):
        path = os.path.join(folder, machine, "latest.json")
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            try:
                report = json.load(f)
            except json.JSONDecodeError as e:
                raise ResultError(f"{path}: not JSON ({e}); record it again with `make bench`")
        problems = []
        if report.get("scale") != "full":
            problems.append(f"sizes are '{report.get('scale')}', not 'full'")
        if not report.get("optimized"):
            problems.append("it is a debug build")
        if report.get("filter"):
            problems.append(f"it ran only --filter {report['filter']}")
        if report.get("machine") != machine:
            problems.append(f"it names machine '{report.get('machine')}', not its folder '{machine}'")
        if problems:
            raise ResultError(f"{path}: not a machine's full release run: {'; '.join(problems)}; "
                              "record it with `make bench`")
        results.append(report)
    return results


def number(value):
    """A measurement with three significant digits (whole numbers from 100 up)."""
    if isinstance(value, str):
        return value
    if value is None or math.isnan(value):
        return "nan"
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}"


def median(values):
    ordered = sorted(v for v in values if isinstance(v, (int, float)))
    if not ordered:
        return float("nan")
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def run_line(report):
    commit = f"commit `{report['commit']}`" if report.get("commit") else "commit not recorded"
    failed = report.get("failures") or []
    flags = report["buildFlags"]
    flags = flags if "`" in flags else f"`{flags}`"
    line = (f"**{report['machine']}** ({report['cpu']}, {report['cores']} cores): {commit}, "
            f"{report['date']}, {report['rounds']} rounds, flags {flags}")
    if failed:
        line += f"; could not run: {', '.join(f['name'] for f in failed)}"
    return line + "."


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def budgets_table(report):
    rows = ["| budget | measured | verdict | figure |", "|---|---|---|---|"]
    for line in report["budgets"]:
        result = line.get("result")
        if result is None:
            rows.append(f"| {cell(line['budget'])} | — | not measured | {cell(line.get('notMeasured') or '')} |")
            continue
        unit = UNITS.get(result["unit"], result["unit"])
        passed = result.get("passed")
        verdict = "pass" if passed is True else "**fail**" if passed is False else "not judged"
        rows.append(f"| {cell(line['budget'])} | {number(result['measured'])} {unit} | {verdict} | "
                    f"`{result['benchmark']}` |")
    return rows


def goals_table(report):
    rows = ["| figure | goal | engine ms | ratio | met |", "|---|---|---|---|---|"]
    for result in report["results"]:
        if not result.get("goal"):
            continue
        met = {True: "yes", False: "**no**"}.get(result.get("meetsGoal"), "—")
        rows.append(f"| `{result['name']}` | {cell(result['goal'])} | "
                    f"{number(median(result['engineMilliseconds']))} | {number(result['medianRatio'])} | {met} |")
    return rows


def render(kind, results):
    """The Markdown that stands between the markers of `kind`."""
    if not results:
        return ("No benchmark result is committed yet. `make bench` records one as "
                "`benchmarks/results/<machine>/latest.json` and fills this table.\n")
    parts = []
    for report in results:
        table = budgets_table(report) if kind == "budgets" else goals_table(report)
        parts.append(run_line(report) + "\n\n" + "\n".join(table) + "\n")
    return "\n".join(parts)


def regenerate(text, results, path):
    """`text` with every generated block replaced, and the kinds it holds."""
    kinds = []

    def replace(match):
        kind = match.group(2)
        if kind not in KINDS:
            raise ResultError(f"{path}: unknown table '{kind}' (known: {', '.join(KINDS)})")
        kinds.append(kind)
        return match.group(1) + render(kind, results) + match.group(4)

    return BLOCK.sub(replace, text), kinds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default=DEFAULT_RESULTS, help="results folder (default: benchmarks/results)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="fail when a table in the files is not current")
    mode.add_argument("--write", action="store_true", help="replace the tables in the files")
    parser.add_argument("files", nargs="*", help="Markdown files holding bench-tables markers")
    args = parser.parse_args()
    if (args.check or args.write) and not args.files:
        parser.error("--check and --write need the Markdown files to check or write")
    try:
        results = load_results(args.results)
        if not args.check and not args.write:
            for kind in KINDS:
                print(f"<!-- bench-tables: {kind} -->\n{render(kind, results)}<!-- end bench-tables -->\n")
            return 0
        stale = []
        for path in args.files:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            fresh, kinds = regenerate(text, results, path)
            if not kinds:
                raise ResultError(f"{path}: no `<!-- bench-tables: KIND -->` marker")
            if fresh == text:
                continue
            if args.check:
                stale.append(path)
            else:
                with open(path + ".partial", "w", encoding="utf-8") as f:
                    f.write(fresh)
                os.replace(path + ".partial", path)
                print(f"updated the {', '.join(kinds)} table(s) of {path}", file=sys.stderr)
        if stale:
            print(f"bench-tables: the tables of {', '.join(stale)} differ from the results in {args.results}; "
                  f"run scripts/bench-tables.py --write {' '.join(args.files)}", file=sys.stderr)
            return 1
        return 0
    except (ResultError, OSError) as e:
        print(f"bench-tables: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
