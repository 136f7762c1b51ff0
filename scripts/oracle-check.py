#!/usr/bin/env python3
"""Checks `kenken solve` and `kenken grade` on puzzle files against outside oracles.

For every puzzle in the files given (any format kenken reads, any rules: standard,
add-sub, mult-only, killer, hidden operations), both commands run once over all files
with --max-seconds LIMIT. Then each record is checked:

  - CaDiCaL decides the puzzle (no solution, unique, ambiguous) from CNF made by
    scripts/bench-big-cages-sat.py's encoder, extended here for the killer rule (no value
    twice in a cage) and hidden operations (a selector per allowed operation);
  - solve's count and grade's verdict (impossible, ambiguous, a level) must match it;
  - every grid printed (solve's solution and second, grade's solution) must be a
    solution: checked here in Python and by `kenken check PUZZLE ANSWER`;
  - an undecided record is a fault too.

It prints one line per fault and a summary (counts, medians, over 1 s, worst times from
the commands' own "micros"); with --json, the summary as one JSON object. Exit 1 when
any fault was found.

  scripts/oracle-check.py [--kenken build/kenken] [--limit 10] [--sat-limit 120]
      [--jobs N] [--encoding cells|line-sets] [--json] [--progress] PUZZLE_OR_DIR...
"""
import argparse
import importlib.util
import json
import math
import os
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.realpath(__file__))
spec = importlib.util.spec_from_file_location(
    "sat_peer", os.path.join(HERE, "bench-big-cages-sat.py"))
sat_peer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sat_peer)

SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/", "given": "!", "?": "?"}
LEVELS = ("easy", "normal", "hard", "extreme", "unreasonable")


def puzzle_of(record):
    """(n, cages as (op symbol, target, cells), allowed ops, killer) of a record."""
    p = record["puzzle"]
    rules = p["rules"]
    cages = [(SYMBOL[c["op"]], c["target"], [tuple(rc) for rc in c["cells"]])
             for c in p["cages"]]
    return p["size"], cages, rules["operations"], rules["killer"]


def ops_for(op, cells, allowed):
    """The operations a cage may have: its own, or for '?' those the rules allow."""
    if op != "?":
        return [op]
    fits = allowed if len(cells) == 2 else [o for o in allowed if o in "+*"]
    return [o for o in fits if o in "+-*/"]


def holds(op, target, values):
    if op == "!":
        return values == [target]
    if op == "+":
        return sum(values) == target
    if op == "*":
        return math.prod(values) == target
    if len(values) != 2:
        return False
    hi, lo = max(values), min(values)
    return hi - lo == target if op == "-" else hi == target * lo


def grid_problem(n, cages, allowed, killer, grid):
    """None when grid solves the puzzle, else what is wrong (checked here, not by kenken)."""
    if len(grid) != n or any(len(row) != n for row in grid):
        return "not an %dx%d grid" % (n, n)
    want = list(range(1, n + 1))
    for i in range(n):
        if sorted(grid[i]) != want or sorted(row[i] for row in grid) != want:
            return "line %d is not 1..%d" % (i, n)
    for op, target, cells in cages:
        values = [grid[r][c] for r, c in cells]
        if killer and len(set(values)) != len(values):
            return "a value twice in killer cage %s" % (cells,)
        if not any(holds(o, target, values) for o in ops_for(op, cells, allowed)):
            return "cage %s%d %s broken by %s" % (op, target, cells, values)
    return None


def encode(n, cages, allowed, killer, line_sets=False):
    cnf = sat_peer.Cnf(n)
    cnf.latin()
    for op, target, cells in cages:
        if op == "!":  # a given past n is no value (x() would name the next cell's)
            cnf.clauses.append([cnf.x(cells[0], target)] if 1 <= target <= n else [])
            continue
        options = ops_for(op, cells, allowed)
        if not options:
            cnf.clauses.append([])
        selectors = [cnf.new() for _ in options] if len(options) > 1 else [None]
        if selectors[0] is not None:
            cnf.clauses.append(list(selectors))
        for one, sel in zip(options, selectors):
            start = len(cnf.clauses)
            if one in "-/":
                cnf.pair(one, target, cells)
            else:
                cnf.cage(one, target, [[cell] for cell in cells])
                if line_sets and len(cells) >= 3:
                    for axis in (0, 1):
                        groups = {}
                        for cell in cells:
                            groups.setdefault(cell[axis], []).append(cell)
                        cnf.cage(one, target, list(groups.values()))
            if sel is not None:  # this operation's clauses bind only when it is chosen
                for clause in cnf.clauses[start:]:
                    clause.insert(0, -sel)
        if killer:
            for v in range(1, n + 1):
                lits = [cnf.x(cell, v) for cell in cells]
                cnf.clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])
    return cnf


def sat_count(n, cages, allowed, killer, limit, line_sets):
    """(0, 1 or 2 solutions, or None when out of time; CPU seconds)."""
    cnf = encode(n, cages, allowed, killer, line_sets)
    found, model, spent = sat_peer.run_sat("cadical", cnf.text(), limit)
    if not found:
        return (None if found is None else 0), spent
    grid = [lit for lit in model if lit <= n ** 3]
    again, _, more = sat_peer.run_sat("cadical", cnf.text(blocked=grid),
                                      max(limit - spent, 0.01))
    return (None if again is None else 1 + again), spent + more


def run_all(kenken, command, paths, limit, jobs):
    args = [kenken, command, "--json", "--max-seconds", str(limit)]
    if jobs:
        args += ["-j", str(jobs)]
    done = subprocess.run(args + paths, capture_output=True, text=True)
    records = {}
    for line in done.stdout.splitlines():
        if line.strip():
            record = json.loads(line)
            records[record["source"]] = record
    return records, done.returncode, done.stderr.strip()


def kenken_check(kenken, record, grid):
    """kenken's own verdict on the grid as an answer (exit 0 right)."""
    with tempfile.TemporaryDirectory() as tmp:
        puzzle, answer = os.path.join(tmp, "p.neknek"), os.path.join(tmp, "a.txt")
        with open(puzzle, "w") as f:
            f.write(record["puzzle"]["neknek"])
        with open(answer, "w") as f:
            f.write("\n".join(" ".join(map(str, row)) for row in grid) + "\n")
        done = subprocess.run([kenken, "check", puzzle, answer], capture_output=True, text=True)
        return done.returncode, (done.stdout + done.stderr).strip()


def summary(times):
    t = sorted(times)
    if not t:
        return {"count": 0}
    return {"count": len(t), "median_s": round(t[len(t) // 2], 4),
            "over_1s": sum(x > 1 for x in t), "worst_s": round(t[-1], 3)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--kenken", default=os.path.join(HERE, "..", "build", "kenken"))
    ap.add_argument("--limit", type=float, default=10, help="kenken's --max-seconds")
    ap.add_argument("--sat-limit", type=float, default=120, help="CaDiCaL's seconds a puzzle")
    ap.add_argument("--jobs", type=int, default=0, help="kenken's -j (default: its own)")
    ap.add_argument("--json", action="store_true", help="the summary as one JSON object")
    ap.add_argument("--encoding", choices=["cells", "line-sets"], default="cells",
                    help="line-sets adds bench-big-cages-sat.py's row and column automata "
                    "(stronger, but slow to write for big cages)")
    ap.add_argument("--progress", action="store_true", help="a line per puzzle on stderr")
    args = ap.parse_args()
    if not (args.limit > 0 and args.sat_limit > 0):
        ap.error("--limit and --sat-limit are seconds above 0")
    if not os.access(args.kenken, os.X_OK):
        ap.exit(1, "oracle-check: %s is missing (cmake --build build)\n" % args.kenken)
    paths = []
    for p in args.puzzles:
        paths += sorted(os.path.join(p, f) for f in os.listdir(p)) if os.path.isdir(p) else [p]
    if not paths:
        ap.error("no puzzle files in %s" % " ".join(args.puzzles))

    faults = []
    solved, solve_rc, solve_err = run_all(args.kenken, "solve", paths, args.limit, args.jobs)
    graded, grade_rc, grade_err = run_all(args.kenken, "grade", paths, args.limit, args.jobs)
    for name, rc, err in (("solve", solve_rc, solve_err), ("grade", grade_rc, grade_err)):
        if rc not in (0, 3, 4, 5) or "internal" in err.lower():
            faults.append("%s: exit %d: %s" % (name, rc, err[-300:]))
    if set(solved) != set(graded):
        faults.append("solve and grade read different puzzles (%d, %d)" % (len(solved), len(graded)))

    verdicts = {0: 0, 1: 0, 2: 0, None: 0}
    solve_t, grade_t, sat_t = [], [], []
    worst = {"solve": ("", 0), "grade": ("", 0)}
    for source, record in sorted(solved.items()):
        n, cages, allowed, killer = puzzle_of(record)
        truth, spent = sat_count(n, cages, allowed, killer, args.sat_limit,
                                 args.encoding == "line-sets")
        if args.progress:
            print("%s: CaDiCaL %s in %.2f s" % (source, truth, spent), file=sys.stderr)
        verdicts[truth] += 1
        sat_t.append(spent)
        name = source
        mine = None if record.get("undecided") else min(record["solutions"], 2)
        solve_t.append(record["micros"] / 1e6)
        if solve_t[-1] > worst["solve"][1]:
            worst["solve"] = (name, solve_t[-1])
        if mine is None:
            faults.append("%s: solve undecided at %g s" % (name, args.limit))
        elif truth is not None and mine != truth:
            faults.append("%s: solve says %d solutions, CaDiCaL %d" % (name, mine, truth))
        grids = [g for g in (record.get("solution"), record.get("second")) if g]
        g = graded.get(source)
        if g is not None:
            grade_t.append(g["micros"] / 1e6)
            if grade_t[-1] > worst["grade"][1]:
                worst["grade"] = (name, grade_t[-1])
            level = g.get("grade", {}).get("level", g.get("level"))
            said = {"impossible": 0, "ambiguous": 2}.get(level, 1 if level in LEVELS else None)
            if said is None:
                faults.append("%s: grade says %s" % (name, level))
            elif truth is not None and said != truth:
                faults.append("%s: grade says %s, CaDiCaL %d solutions" % (name, level, truth))
            if g.get("solution"):
                grids.append(g["solution"])
        for grid in grids:
            problem = grid_problem(n, cages, allowed, killer, grid)
            if problem:
                faults.append("%s: a printed grid is no solution: %s" % (name, problem))
            status, text = kenken_check(args.kenken, record, grid)
            if status != 0:
                faults.append("%s: kenken check refuses a printed grid (%d): %s" % (name, status, text))
    for line in faults:
        print("FAULT " + line)
    result = {"puzzles": len(solved), "sat_no_solution": verdicts[0], "sat_unique": verdicts[1],
              "sat_ambiguous": verdicts[2], "sat_undecided": verdicts[None],
              "solve": summary(solve_t), "grade": summary(grade_t), "sat": summary(sat_t),
              "solve_undecided": sum(1 for r in solved.values() if r.get("undecided")),
              "grade_undecided": sum(1 for r in graded.values()
                                     if r.get("grade", {}).get("level", r.get("level")) == "undecided"),
              "worst_solve": worst["solve"][0], "worst_grade": worst["grade"][0],
              "faults": len(faults)}
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print("%s: %s" % (key, value))
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader gone (| head): end quietly
    main()
