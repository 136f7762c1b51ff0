#!/usr/bin/env python3
"""Hostile puzzles with big cages: merges adjacent cages of factory puzzles into
cages of MIN..MAX cells (sum or product, target recomputed from the stored solution,
so every puzzle has at least one solution) and writes one neknek file each.

  build/kenken generate --db x.db --sizes 7-9 --count 300 --seed 11
  build/kenken query --db x.db --format json > x.jsonl
  scripts/big-cages.py x.jsonl OUTDIR [--seed S] [--min 6] [--max 12] [--copies 5]

Exit status: 0 written; 1 a puzzle file could not be written; 2 bad arguments or
input (the file, the line and what is wrong on stderr).
"""
import argparse
import json
import os
import random

OPS = {"add": "+", "mul": "*", "sub": "-", "div": "/", "given": "!"}


def is_whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def record_problem(rec):
    """What makes a query record unusable (a cage of no cells was an IndexError from
    random.choice, a cell off the grid a KeyError), or None."""
    puzzle, solution = rec["puzzle"], rec["solution"]
    n, cages = puzzle["size"], puzzle["cages"]
    if not is_whole(n) or not 1 <= n <= 81:
        return "size %r is not a whole number from 1 to 81" % (n,)
    if not is_whole(rec["id"]):
        return "id %r is not a whole number" % (rec["id"],)
    if not isinstance(cages, list) or not cages:
        return "the puzzle has no cages"
    if not (isinstance(solution, list) and len(solution) == n and all(
            isinstance(row, list) and len(row) == n and all(is_whole(v) for v in row)
            for row in solution)):
        return "the solution is not %dx%d whole numbers" % (n, n)
    covered = set()
    for k, cage in enumerate(cages, 1):
        cells = cage["cells"]
        if not isinstance(cells, list) or not cells:
            return "cage %d has no cells" % k
        for cell in cells:
            if not (isinstance(cell, list) and len(cell) == 2 and
                    all(is_whole(x) and 0 <= x < n for x in cell)):
                return "cage %d has a cell off the %dx%d grid: %r" % (k, n, n, cell)
            if tuple(cell) in covered:
                return "cell %r is in two cages" % (cell,)
            covered.add(tuple(cell))
        if cage["op"] not in OPS or not is_whole(cage["target"]):
            return "cage %d has op %r and target %r" % (k, cage["op"], cage["target"])
    if len(covered) != n * n:
        return "the cages cover %d of the %d cells" % (len(covered), n * n)
    return None


def merged(puzzle, solution, rng, lo, hi):
    n = puzzle["size"]
    cage_of = {}
    cages = []
    for k, c in enumerate(puzzle["cages"]):
        cells = [r * n + col for r, col in c["cells"]]
        cages.append(set(cells))
        for cell in cells:
            cage_of[cell] = k
    alive = set(range(len(cages)))

    def neighbours(k):
        out = set()
        for cell in cages[k]:
            r, c = divmod(cell, n)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    other = cage_of[rr * n + cc]
                    if other != k:
                        out.add(other)
        return out

    # Grow a few cages each to a random size in [lo, hi] by swallowing neighbours.
    for _ in range(rng.randint(1, 4)):
        k = rng.choice(sorted(alive))
        want = rng.randint(lo, hi)
        while len(cages[k]) < want:
            near = [o for o in sorted(neighbours(k)) if len(cages[k]) + len(cages[o]) <= hi]
            if not near:
                break
            o = rng.choice(near)
            for cell in cages[o]:
                cage_of[cell] = k
            cages[k] |= cages[o]
            cages[o] = set()
            alive.discard(o)
    value = [v for row in solution for v in row]
    out = ["#\t%d" % n]
    for k in sorted(alive, key=lambda k: min(cages[k])):
        cells = sorted(cages[k])
        orig = puzzle["cages"][k]
        if len(cells) == len(orig["cells"]):
            op = OPS[orig["op"]]
            target = orig["target"]
        else:
            op = rng.choice("+*")
            target = 0 if op == "+" else 1
            for cell in cells:
                target = target + value[cell] if op == "+" else target * value[cell]
        names = " ".join("%s%d" % (chr(ord("A") + cell // n), cell % n + 1) for cell in cells)
        out.append("%s\t%d\t%s" % (op, target, names))
    return "\n".join(out) + "\n", max(len(cages[k]) for k in alive)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("jsonl")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min", type=int, default=6)
    ap.add_argument("--max", type=int, default=12)
    ap.add_argument("--copies", type=int, default=5, help="variants per source puzzle")
    a = ap.parse_args()
    # --min above --max, or a cage of no cells, ended in a traceback from random.
    if not 1 <= a.min <= a.max or a.copies < 1:
        ap.error("need 1 <= --min <= --max and --copies >= 1")
    rng = random.Random(a.seed)
    # Read as bytes, each line decoded in turn: a file that is not UTF-8 was a
    # UnicodeDecodeError traceback with no line; a missing input, a folder for it or a
    # file for OUTDIR were FileNotFoundError, IsADirectoryError, FileExistsError.
    if os.path.isdir(a.jsonl):
        ap.exit(2, "%s: a folder, not a file of kenken query --format json records\n" % a.jsonl)
    try:
        f = open(a.jsonl, "rb")
    except OSError as e:
        ap.exit(2, "%s: %s\n" % (a.jsonl, e.strerror or e))
    if os.path.exists(a.outdir) and not os.path.isdir(a.outdir):
        ap.exit(2, "%s: a file, not a folder for the puzzles\n" % a.outdir)
    try:
        os.makedirs(a.outdir, exist_ok=True)
    except OSError as e:
        ap.exit(2, "%s: cannot make the folder for the puzzles (%s)\n" % (a.outdir, e.strerror or e))
    written = 0
    with f:
        for number, raw in enumerate(f, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                ap.exit(2, "%s:%d: not UTF-8 text (%s)\n" % (a.jsonl, number, e.reason))
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                problem = record_problem(rec)
            except (ValueError, KeyError, TypeError) as e:
                problem = "not a record of kenken query --format json (%s)" % e
            if problem:
                ap.exit(2, "%s:%d: %s\n" % (a.jsonl, number, problem))
            for copy in range(a.copies):
                text, biggest = merged(rec["puzzle"], rec["solution"], rng, a.min, a.max)
                if biggest < a.min:
                    continue
                name = "p%05d-%d-n%d-c%d.neknek" % (rec["id"], copy, rec["puzzle"]["size"], biggest)
                try:
                    with open(os.path.join(a.outdir, name), "w") as out:
                        out.write(text)
                except OSError as e:
                    ap.exit(1, "%s: %s\n" % (os.path.join(a.outdir, name), e.strerror or e))
                written += 1
    print("wrote %d puzzles to %s" % (written, a.outdir))


if __name__ == "__main__":
    main()
