#!/usr/bin/env python3
"""Decides big-cage puzzles with a CDCL SAT solver beside `kenken solve`: a peer check
for issue 11's tail (is it our search, or are the puzzles hard?).

kenken reads each puzzle (`solve --json`, any format it knows) and times it; the
puzzle in that record becomes CNF: a variable per cell and value, exactly one value per
cell and one place per value in each row and column, two-cell cages as clauses, and
each sum or product cage as a layered automaton over its cells (states: the partial
sum, or the partial product dividing the target; edge variables make unit propagation
keep exactly the supported values, as in Quimper and Walsh's decomposition of regular).
With --encoding line-sets each such cage of 3 or more cells also gets an automaton
over its row groups and one over its column groups, whose edges are the value sets a
group fills (distinct values): the same reasoning as our line-set DP.

With --solver cbc the puzzle is a 0/1 integer program instead (COIN-OR CBC, Debian
coinor-cbc): the same variables, each exactly-one an
equality, a sum cage one equality over its cells' values, a product cage one equality
per prime 2, 3, 5 and 7 over the exponents its cells' values carry (exact for values up
to 10), two-cell cages as support inequalities.

With --solver chuffed or gecode the puzzle is a MiniZinc model (alldifferent rows and
columns, a sum cage as a sum, a product cage as four sums of its cells' exponents of 2,
3, 5 and 7, a difference or quotient as its disjunction), decided by MiniZinc's
WebAssembly build of Chuffed (lazy clause generation) or Gecode under node: npm's
`minizinc` package (`npm install minizinc` in a folder named by --minizinc-js; neither
solver is in Debian 12). One run asks for 2 solutions; the time is the solver's own
search time as it reports it (Chuffed's solveTime), or else node's CPU time less that of
the same size's Latin square without cages (start-up, about 3 s of CPU for WebAssembly
and flattening, left out either way).

Deciding is as `solve` does it: a first solution, then the same CNF with that solution
blocked; the SAT time is the CPU time of both runs (process and parsing included).
  scripts/bench-big-cages-sat.py [--solver cadical|minisat|cbc] [--encoding cells|line-sets]
      [--kenken build/kenken] [--limit SECONDS] [--minizinc-js DIR] PUZZLE_OR_DIR...
"""
import argparse
import itertools
import json
import math
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile


OPS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "given": "!"}


def cages_of(record):
    """(n, cages) of a `kenken solve --json` record, cages as (op, target, [(row, col)]):
    kenken reads the puzzle (any format it knows), so this script parses nothing."""
    puzzle, rules = record["puzzle"], record["puzzle"]["rules"]
    if rules["variant"] != "standard" or rules["operators_hidden"] or rules["killer"]:
        sys.exit("%s: only plain puzzles (no variant) are encoded" % record["source"])
    return puzzle["size"], [(OPS[c["op"]], c["target"], [tuple(rc) for rc in c["cells"]])
                            for c in puzzle["cages"]]


class Cnf:
    def __init__(self, n):
        self.n = n
        self.vars = n * n * n
        self.clauses = []

    def x(self, cell, v):  # cell (row, col) takes value v (1..n)
        return (cell[0] * self.n + cell[1]) * self.n + v

    def new(self):
        self.vars += 1
        return self.vars

    def exactly_one(self, lits):
        self.clauses.append(list(lits))
        self.clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))

    def latin(self):
        n, r = self.n, range(self.n)
        for a in r:
            for b in r:
                self.exactly_one([self.x((a, b), v) for v in range(1, n + 1)])
        for a in r:
            for v in range(1, n + 1):
                self.exactly_one([self.x((a, b), v) for b in r])
                self.exactly_one([self.x((b, a), v) for b in r])

    def pair(self, op, target, cells):
        n = self.n
        ok = (lambda p, q: abs(p - q) == target) if op == "-" else \
             (lambda p, q: max(p, q) == target * min(p, q))
        for one, other in (cells, cells[::-1]):
            for v in range(1, n + 1):
                self.clauses.append([-self.x(one, v)] + [self.x(other, w) for w in range(1, n + 1) if ok(v, w)])

    def cage(self, op, target, groups):
        """A sum or product cage read group by group: layer i reads the value set group i
        fills (distinct values; a one-cell group reads its value). States: the partial
        sum, or the partial product dividing the target. Edge variables make unit
        propagation keep exactly the supported sets (Quimper and Walsh's regular)."""
        n = self.n
        sets = [list(itertools.combinations(range(1, n + 1), len(g))) for g in groups]
        step = (lambda s, a: s + sum(a)) if op == "+" else (lambda s, a: s * math.prod(a))
        fits = (lambda s: s <= target) if op == "+" else (lambda s: target % s == 0)
        layers = [{0 if op == "+" else 1}]
        for options in sets:
            layers.append({step(s, a) for s in layers[-1] for a in options if fits(step(s, a))})
        layers[-1] &= {target}
        for i in range(len(groups) - 1, -1, -1):
            layers[i] = {s for s in layers[i] if any(step(s, a) in layers[i + 1] for a in sets[i])}
        if not layers[-1]:
            self.clauses.append([])  # no filling reaches the target
            return
        state = [{s: self.new() for s in layer} for layer in layers]
        self.clauses.append([state[0][min(layers[0])]])
        self.clauses.append([state[-1][target]])
        for i, group in enumerate(groups):
            out = {s: [] for s in layers[i]}
            into = {s: [] for s in layers[i + 1]}
            holding = {v: [] for v in range(1, n + 1)}
            for s in layers[i]:
                for a in sets[i]:
                    t = step(s, a)
                    if t not in layers[i + 1]:
                        continue
                    edge = self.new()
                    self.clauses += [[-edge, state[i][s]], [-edge, state[i + 1][t]]]
                    for v in a:
                        self.clauses.append([-edge] + [self.x(c, v) for c in group])
                        holding[v].append(edge)
                    if len(group) > 1:  # a lone cell's other values go by exactly-one
                        self.clauses.extend([-edge, -self.x(c, v)] for v in range(1, n + 1)
                                            if v not in a for c in group)
                    out[s].append(edge)
                    into[t].append(edge)
            for s, edges in out.items():
                self.clauses.append([-state[i][s]] + edges)
            for t, edges in into.items():
                self.clauses.append([-state[i + 1][t]] + edges)
            for v, edges in holding.items():
                self.clauses.extend([-self.x(c, v)] + edges for c in group)
            self.exactly_one(list(state[i + 1].values()))

    def text(self, blocked=None):
        clauses = self.clauses + ([[-lit for lit in blocked]] if blocked else [])
        lines = ["p cnf %d %d" % (self.vars, len(clauses))]
        lines += [" ".join(map(str, c)) + " 0" for c in clauses]
        return "\n".join(lines) + "\n"


def encode(n, cages, encoding):
    cnf = Cnf(n)
    cnf.latin()
    for op, target, cells in cages:
        if op == "!":  # a given past n (a nudged target) is no value: no solution
            cnf.clauses.append([cnf.x(cells[0], target)] if 1 <= target <= n else [])
        elif op in "-/":
            cnf.pair(op, target, cells)
        else:
            cnf.cage(op, target, [[cell] for cell in cells])
            if encoding == "line-sets" and len(cells) >= 3:
                for axis in (0, 1):  # by rows, then by columns
                    groups = {}
                    for cell in cells:
                        groups.setdefault(cell[axis], []).append(cell)
                    cnf.cage(op, target, list(groups.values()))
    return cnf


PRIMES = (2, 3, 5, 7)


def exponent(value, prime):
    k = 0
    while value % prime == 0:
        value //= prime
        k += 1
    return k


class Ilp:
    """The puzzle as a 0/1 program in CPLEX LP format: x_R_C_V is cell (R, C) holding V."""

    def __init__(self, n):
        self.n = n
        self.rows = []

    def x(self, cell, v):
        return "x_%d_%d_%d" % (cell[0], cell[1], v)

    def add(self, terms, sense, bound):
        """terms: (coefficient, variable); an empty sum that must be nonzero has no solution."""
        if not terms:
            terms = [(0, self.x((0, 0), 1))]
        self.rows.append(" + ".join("%d %s" % t for t in terms).replace("+ -", "- ") +
                         " %s %d" % (sense, bound))

    def latin(self):
        n, r, values = self.n, range(self.n), range(1, self.n + 1)
        for a in r:
            for b in r:
                self.add([(1, self.x((a, b), v)) for v in values], "=", 1)
        for a in r:
            for v in values:
                self.add([(1, self.x((a, b), v)) for b in r], "=", 1)
                self.add([(1, self.x((b, a), v)) for b in r], "=", 1)

    def cage(self, op, target, cells):
        values = range(1, self.n + 1)
        if op == "!":  # a given past n is no value: 0 = 1
            self.add([(1, self.x(cells[0], target))] if 1 <= target <= self.n else [], "=", 1)
        elif op == "+":
            self.add([(v, self.x(c, v)) for c in cells for v in values], "=", target)
        elif op == "*":
            rest = target
            for p in PRIMES:
                total = exponent(target, p)
                rest //= p ** total
                self.add([(exponent(v, p), self.x(c, v)) for c in cells for v in values
                          if exponent(v, p)], "=", total)
            if rest != 1:  # a prime past 7 in the target: no filling
                self.add([], "=", 1)
        else:  # a pair: each value of one cell needs a partner in the other
            ok = (lambda p, q: abs(p - q) == target) if op == "-" else \
                 (lambda p, q: max(p, q) == target * min(p, q))
            for one, other in (cells, cells[::-1]):
                for v in values:
                    self.add([(1, self.x(one, v))] +
                             [(-1, self.x(other, w)) for w in values if ok(v, w)], "<=", 0)

    def text(self, blocked=None):
        rows = list(self.rows)
        if blocked:  # the solution's n*n literals may not all hold again
            rows.append(" + ".join(blocked) + " <= %d" % (len(blocked) - 1))
        r, values = range(self.n), range(1, self.n + 1)
        names = [self.x((a, b), v) for a in r for b in r for v in values]
        lines = ["Minimize", " obj: 0 " + names[0], "Subject To"]
        lines += [" c%d: %s" % (i, row) for i, row in enumerate(rows)]
        lines += ["Binary"] + [" " + name for name in names] + ["End"]
        return "\n".join(lines) + "\n"


def encode_ilp(n, cages):
    ilp = Ilp(n)
    ilp.latin()
    for op, target, cells in cages:
        ilp.cage(op, target, cells)
    return ilp


def minizinc_model(n, cages):
    """The puzzle as MiniZinc text: x[r, c] in 1..n, rows and columns alldifferent."""
    x = lambda cell: "x[%d,%d]" % (cell[0] + 1, cell[1] + 1)
    out = ['include "alldifferent.mzn";', "array[1..%d,1..%d] of var 1..%d: x;" % (n, n, n),
           "constraint forall(i in 1..%d)(alldifferent(row(x, i)));" % n,
           "constraint forall(j in 1..%d)(alldifferent(col(x, j)));" % n]
    for p in PRIMES:
        out.append("array[1..%d] of int: e%d = %s;" % (n, p, [exponent(v, p) for v in range(1, n + 1)]))
    for op, target, cells in cages:
        xs = [x(c) for c in cells]
        if op == "!":
            out.append("constraint %s = %d;" % (xs[0], target))
        elif op == "+":
            out.append("constraint %s = %d;" % (" + ".join(xs), target))
        elif op == "-":
            out.append("constraint abs(%s - %s) = %d;" % (xs[0], xs[1], target))
        elif op == "/":
            out.append("constraint %s = %d * %s \\/ %s = %d * %s;" % (xs[0], target, xs[1], xs[1], target, xs[0]))
        else:  # the product's exponents, as the integer program has them
            rest = target
            for p in PRIMES:
                total = exponent(target, p)
                rest //= p ** total
                out.append("constraint %s = %d;" % (" + ".join("e%d[%s]" % (p, v) for v in xs), total))
            if rest != 1:
                out.append("constraint false;")  # a prime past 7 in the target: no filling
    out.append("solve satisfy;")
    return "\n".join(out) + "\n"


# Runs the package's WebAssembly worker in node (its own driver spawns a native
# minizinc): the package's dist folder, its worker copied as .cjs (the package is an ES
# module), the model, then minizinc's arguments; prints the worker's answer as JSON.
MINIZINC_NODE = r"""
const fs = require('fs'), path = require('path');
const [dist, worker, model, ...args] = process.argv.slice(2);
let handler = null;
globalThis.addEventListener = (type, fn) => { if (type === 'message') handler = fn; };
globalThis.postMessage = (msg) => {
  if (msg.type === 'ready')
    handler({ data: { files: { 'p.mzn': fs.readFileSync(model, 'utf8') }, args: [...args, 'p.mzn'] } });
  else if (msg.type === 'exit') { process.stdout.write(JSON.stringify(msg)); process.exit(0); }
};
require(worker);
setTimeout(() => handler({ data: { wasmURL: path.join(dist, 'minizinc.wasm'),
                                   dataURL: path.join(dist, 'minizinc.data') } }), 0);
"""


STARTUP = {}


def minizinc_startup(js_dir, solver, n):
    """node's CPU seconds for an n x n Latin square without cages: the fixed start-up."""
    if (solver, n) not in STARTUP:
        STARTUP[solver, n] = run_minizinc(js_dir, solver, minizinc_model(n, []), 600)[1]
    return STARTUP[solver, n]


def run_minizinc(js_dir, solver, text, limit, n=None):
    """(solutions found up to 2, or None when out of time; CPU seconds)."""
    dist = os.path.join(js_dir, "node_modules", "minizinc", "dist")
    with tempfile.TemporaryDirectory() as tmp:
        worker, model, runner = (os.path.join(tmp, f) for f in ("worker.cjs", "p.mzn", "run.cjs"))
        shutil.copy(os.path.join(dist, "minizinc-worker.js"), worker)
        for name, content in ((model, text), (runner, MINIZINC_NODE)):
            with open(name, "w") as f:
                f.write(content)
        start = children_cpu()
        try:
            done = subprocess.run(["node", runner, dist, worker, model, "--solver", solver, "-n", "2", "-s"],
                                  capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return None, children_cpu() - start
        spent = children_cpu() - start
        try:
            answer = json.loads(done.stdout)
        except ValueError:
            sys.exit("%s under node failed: %s" % (solver, (done.stdout + done.stderr).strip()[-300:]))
        out = answer.get("stdout", "")
        if answer.get("code") != 0 or "=====ERROR" in out:
            sys.exit("%s failed: %s" % (solver, (out + answer.get("stderr", "")).strip()[-300:]))
        times = re.findall(r"%%%mzn-stat: solveTime=([0-9.eE+-]+)", out)
        if times:
            spent = float(times[-1])
        elif n is not None:
            spent = max(spent - minizinc_startup(js_dir, solver, n), 0.0)
        if "=====UNSATISFIABLE=====" in out:
            return 0, spent
        found = out.count("----------")
        # Two asked for: with fewer, "==========" says the search was complete.
        if found < 2 and "==========" not in out:
            return None, spent
        return min(found, 2), spent


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_sat(solver, text, limit):
    """(satisfiable or None when out of time, true literals of the model, CPU seconds)."""
    with tempfile.TemporaryDirectory() as tmp:
        cnf, out = os.path.join(tmp, "p.cnf"), os.path.join(tmp, "p.out")
        with open(cnf, "w") as f:
            f.write(text)
        cmd = ["cadical", "-q", cnf] if solver == "cadical" else ["minisat", "-verb=0", cnf, out]
        start = children_cpu()
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return None, [], children_cpu() - start
        spent = children_cpu() - start
        if done.returncode not in (10, 20):
            sys.exit("%s failed (status %d): %s" % (solver, done.returncode, done.stderr.strip()))
        if done.returncode == 20:
            return False, [], spent
        words = (done.stdout if solver == "cadical" else open(out).read()).split()
        model = [int(w) for w in words if w.lstrip("-").isdigit() and int(w) > 0]
        return True, model, spent


def run_cbc(text, limit):
    """(feasible or None when out of time, the variables set to 1, CPU seconds)."""
    with tempfile.TemporaryDirectory() as tmp:
        lp, out = os.path.join(tmp, "p.lp"), os.path.join(tmp, "p.sol")
        with open(lp, "w") as f:
            f.write(text)
        start = children_cpu()
        try:
            done = subprocess.run(["cbc", lp, "solve", "solu", out], capture_output=True,
                                  text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return None, [], children_cpu() - start
        spent = children_cpu() - start
        if done.returncode != 0 or not os.path.exists(out):
            sys.exit("cbc failed (status %d): %s" % (done.returncode, done.stdout.strip()[-300:]))
        lines = open(out).read().splitlines()
        if not lines or "infeasible" in lines[0].lower():  # "Infeasible", "Integer infeasible"
            return False, [], spent
        if not lines[0].startswith("Optimal"):
            sys.exit("cbc: unexpected answer: %s" % lines[0])
        ones = [w[1] for w in (line.split() for line in lines[1:])
                if len(w) >= 3 and w[1].startswith("x_") and round(float(w[2])) == 1]
        return True, ones, spent


def sat_decide(record, solver, encoding, limit, js_dir=None):
    """(solutions found up to 2, or None when undecided; CPU seconds)."""
    n, cages = cages_of(record)
    if solver in ("chuffed", "gecode"):
        return run_minizinc(js_dir, solver, minizinc_model(n, cages), limit, n)
    if solver == "cbc":
        problem, run = encode_ilp(n, cages), run_cbc
    else:
        problem = encode(n, cages, encoding)
        run = lambda text, budget: run_sat(solver, text, budget)
    found, model, spent = run(problem.text(), limit)
    if found is None or not found:
        return (None if found is None else 0), spent
    # The grid's own variables: a CNF's model also holds its automata's.
    grid = model if solver == "cbc" else [lit for lit in model if lit <= n ** 3]
    again, _, more = run(problem.text(blocked=grid), max(limit - spent, 0.01))
    return (None if again is None else 1 + again), spent + more


def kenken_records(kenken, path, limit):
    """One `solve --json` record per puzzle in the file: the puzzle as kenken read it,
    its solutions (up to 2) or undecided, and kenken's own time."""
    done = subprocess.run([kenken, "solve", "--json", "--max-seconds", str(limit), path],
                          capture_output=True, text=True)
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if not records:
        sys.exit("%s solve %s gave no result: %s" % (kenken, path, done.stderr.strip()))
    return records


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--solver", choices=["cadical", "minisat", "cbc", "chuffed", "gecode"],
                    default="cadical")
    ap.add_argument("--minizinc-js", help="folder where `npm install minizinc` ran (chuffed, gecode)")
    ap.add_argument("--encoding", choices=["cells", "line-sets"], default="line-sets")
    # This tree's kenken by default: build/kenken of the caller's folder was a traceback.
    here = os.path.dirname(os.path.realpath(__file__))
    ap.add_argument("--kenken", default=os.path.join(here, "..", "build", "kenken"))
    ap.add_argument("--limit", type=float, default=60)
    args = ap.parse_args()
    # 0 would be no limit for kenken and none at all for the SAT solver.
    if not args.limit > 0:
        ap.error("--limit is a number of seconds above 0")
    if not os.access(args.kenken, os.X_OK):
        ap.exit(1, "bench-big-cages-sat: %s is missing (cmake --build build)\n" % args.kenken)
    if args.solver in ("chuffed", "gecode"):
        worker = os.path.join(args.minizinc_js or "", "node_modules", "minizinc", "dist",
                              "minizinc-worker.js")
        if not args.minizinc_js or not os.path.exists(worker):
            ap.exit(1, "bench-big-cages-sat: --solver %s needs --minizinc-js DIR, a folder where "
                       "`npm install minizinc` ran\n" % args.solver)
        if not shutil.which("node"):
            sys.exit("bench-big-cages-sat: node is missing (Debian package nodejs)")
    elif not shutil.which(args.solver):
        package = {"cbc": "coinor-cbc"}.get(args.solver, args.solver)
        sys.exit("bench-big-cages-sat: %s is missing (Debian package %s)" % (args.solver, package))
    paths = []
    for p in args.puzzles:
        paths += sorted(os.path.join(p, f) for f in os.listdir(p)) if os.path.isdir(p) else [p]
    if not paths:
        ap.error("no puzzle files in %s" % " ".join(args.puzzles))
    ours, theirs = [], []
    print("%-40s %14s %14s" % ("puzzle", "kenken s", args.solver + " s"))
    show = lambda c, t: "%8.3f%s" % (t, "" if c is not None else " undec")
    for path in paths:
        for record in kenken_records(args.kenken, path, args.limit):
            k_count = None if record.get("undecided") else min(record["solutions"], 2)
            k_time = record["micros"] / 1e6
            s_count, s_time = sat_decide(record, args.solver, args.encoding, args.limit,
                                         args.minizinc_js)
            if k_count is not None and s_count is not None and k_count != s_count:
                sys.exit("%s: kenken says %s solutions, %s says %s" %
                         (record["source"], k_count, args.solver, s_count))
            name = os.path.basename(record["source"])[:40]
            print("%-40s %14s %14s" % (name, show(k_count, k_time), show(s_count, s_time)))
            ours.append(k_time)
            theirs.append(s_time)
    encoding = {"cbc": "0/1 program", "chuffed": "MiniZinc", "gecode": "MiniZinc"}.get(
        args.solver, args.encoding)
    for name, times in (("kenken", ours), (args.solver + " (" + encoding + ")", theirs)):
        t = sorted(times)
        print("%s: %d puzzles, median %.3f s, slowest %.3f s, over 1 s: %d, total %.1f s" %
              (name, len(t), t[len(t) // 2], t[-1], sum(x > 1 for x in t), sum(t)))


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader gone (| head): end quietly
    main()
