#!/usr/bin/env python3
"""Hostile puzzles with big cages: merges adjacent cages of factory puzzles into
cages of MIN..MAX cells (sum or product, target recomputed from the stored solution,
so every puzzle has at least one solution) and writes one neknek file each.

  build/kenken generate --db x.db --sizes 7-9 --count 300 --seed 11
  build/kenken query --db x.db --format json > x.jsonl
  scripts/big-cages.py x.jsonl OUTDIR [--seed S] [--min 6] [--max 12] [--copies 5]
"""
import argparse
import json
import os
import random


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
            op = {"add": "+", "mul": "*", "sub": "-", "div": "/", "given": "!"}[orig["op"]]
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
    os.makedirs(a.outdir, exist_ok=True)
    written = 0
    with open(a.jsonl) as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                rec["puzzle"]["cages"], rec["solution"], rec["id"]
            except (ValueError, KeyError, TypeError) as e:
                ap.exit(2, "%s:%d: not a record of kenken query --format json (%s)\n" % (a.jsonl, number, e))
            for copy in range(a.copies):
                text, biggest = merged(rec["puzzle"], rec["solution"], rng, a.min, a.max)
                if biggest < a.min:
                    continue
                name = "p%05d-%d-n%d-c%d.neknek" % (rec["id"], copy, rec["puzzle"]["size"], biggest)
                with open(os.path.join(a.outdir, name), "w") as out:
                    out.write(text)
                written += 1
    print("wrote %d puzzles to %s" % (written, a.outdir))


if __name__ == "__main__":
    main()
