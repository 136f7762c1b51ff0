#!/usr/bin/env python3
"""Random hostile puzzles for the solver (issue 11): big cages, some targets wrong.

Each puzzle is a random Latin square (a cyclic square with rows, columns and symbols
shuffled) cut into random connected cages of 1..M cells, with targets taken from the
square, so it has a solution, until a target is changed:

  --nudge K      one cage in K gets its target plus one (default 25; 0: none)
  --transfer     a factor 2 moves from one big product cage to another: the grid's
                 totals still add up, so only a search shows there is no solution

Sizes (--sizes, default 7-9: the same draws as before the option) and M in
{6, 8, 10, 12} are drawn per puzzle. With --cells LO-HI each cage is grown to a size
drawn from LO..HI instead (the issue's family is --sizes 9-9 --cells 6-9: a 9x9 with
cages of 6-9 cells); a cage the grid leaves no room for comes out smaller. Rules:
standard, add-sub, killer, or hidden (operations written '?').

  scripts/hostile-puzzles.py OUT_DIR --seed 7 --count 150 --rules killer
  build/kenken solve -j 2 --json --max-seconds 10 OUT_DIR/*

Exit status: 0 written; 2 bad arguments (an OUT_DIR that is a file or cannot be
written, or --transfer where the sizes and cages leave no two cages of 6 cells).
"""
import argparse
import os
import random


def latin_square(n, rng):
    rows, cols, syms = list(range(n)), list(range(n)), list(range(n))
    for order in (rows, cols, syms):
        rng.shuffle(order)
    return [[syms[(rows[r] + cols[c]) % n] + 1 for c in range(n)] for r in range(n)]


def random_cages(n, sizes, rng):
    """Connected cages covering the grid, each grown from a random free cell to a size
    drawn from sizes (low, high)."""
    owner = [[False] * n for _ in range(n)]
    starts = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(starts)
    cages = []
    for r, c in starts:
        if owner[r][c]:
            continue
        cells = [(r, c)]
        owner[r][c] = True
        want = rng.randint(*sizes)
        while len(cells) < want:
            frontier = [(a + da, b + db) for a, b in cells
                        for da, db in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if 0 <= a + da < n and 0 <= b + db < n and not owner[a + da][b + db]]
            if not frontier:
                break
            a, b = rng.choice(frontier)
            owner[a][b] = True
            cells.append((a, b))
        cages.append(cells)
    return cages


def target_of(values, rules, rng):
    """An operation the rules allow and the target the values make with it."""
    if len(values) == 1:
        return '!', values[0]
    product = 1
    for v in values:
        product *= v
    options = [('+', sum(values))]
    if rules != 'add-sub':
        options.append(('*', product))
    if len(values) == 2:
        hi, lo = max(values), min(values)
        options.append(('-', hi - lo))
        if rules != 'add-sub' and hi % lo == 0:
            options.append(('/', hi // lo))
    return rng.choice(options)


# --transfer: consecutive puzzles without a pair of big product cages before giving up
# (a 3x3, or cages of at most 5 cells, has none: it looped for ever, printing nothing).
TRANSFER_TRIES = 2000


def move_factor_two(cages, rng):
    """Doubles one big product's target and halves another's; False when no pair fits."""
    big = [i for i, (op, target, cells) in enumerate(cages) if op == '*' and len(cells) >= 6]
    halvable = [i for i in big if cages[i][1] % 2 == 0]
    pairs = [(a, b) for a in big for b in halvable if a != b]
    if not pairs:
        return False
    a, b = rng.choice(pairs)
    cages[a][1] *= 2
    cages[b][1] //= 2
    return True


def puzzle_text(n, cages, rules):
    header = '#\t%d' % n + ('\t' + rules if rules in ('add-sub', 'killer') else '')
    lines = [header]
    for op, target, cells in cages:
        shown = '?' if rules == 'hidden' and op != '!' else op
        names = ' '.join('%s%d' % (chr(65 + r), c + 1) for r, c in sorted(cells))
        lines.append('%s\t%d\t%s' % (shown, target, names))
    return '\n'.join(lines) + '\n'


def parse_range(parser, option, text, least, most):
    """(low, high) of a FROM-TO option within least..most, or a usage error (status 2)."""
    parts = text.split('-')
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        parser.error('%s is FROM-TO, e.g. %d-%d' % (option, least, most))
    low, high = int(parts[0]), int(parts[1])
    if not least <= low <= high <= most:
        parser.error('%s is FROM-TO within %d-%d' % (option, least, most))
    return low, high


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('out')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--count', type=int, default=150)
    parser.add_argument('--rules', choices=('standard', 'add-sub', 'killer', 'hidden'),
                        default='standard')
    parser.add_argument('--nudge', type=int, default=25)
    parser.add_argument('--transfer', action='store_true')
    parser.add_argument('--sizes', default='7-9', help='FROM-TO within 3-9 (default 7-9)')
    parser.add_argument('--cells', help='LO-HI: every cage grown to LO..HI cells (1 <= LO <= HI '
                        '<= 81; default: 1..M, M drawn from 6, 8, 10, 12 per puzzle)')
    args = parser.parse_args()
    # A negative --nudge ended in a traceback from random.
    if args.nudge < 0 or args.count < 0:
        parser.error('--nudge and --count are 0 or more')
    if args.transfer and args.rules in ('add-sub',):
        parser.error('--transfer needs product cages (not add-sub)')
    low, high = parse_range(parser, '--sizes', args.sizes, 3, 9)
    cells = parse_range(parser, '--cells', args.cells, 1, 81) if args.cells is not None else None
    if args.transfer and high * high < 12:
        parser.error('--transfer needs two product cages of 6 cells or more: a grid of '
                     '--sizes %s has no room for them (give sizes up to 4 or more)' % args.sizes)
    if args.transfer and cells and cells[1] < 6:
        parser.error('--transfer needs two product cages of 6 cells or more: --cells %s '
                     'makes none (give cages up to 6 cells or more)' % args.cells)
    # An OUT_DIR that is a file was a FileExistsError traceback.
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        parser.error('OUT_DIR %s is a file, not a folder' % args.out)
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        parser.error('OUT_DIR %s: cannot make it (%s)' % (args.out, e.strerror or e))
    rng = random.Random(args.seed)
    made = 0
    misses = 0
    while made < args.count:
        n = rng.choice(list(range(low, high + 1)))
        max_cells = rng.choice([6, 8, 10, 12])
        grid = latin_square(n, rng)
        cages = []
        for cage in random_cages(n, cells or (1, max_cells), rng):
            op, target = target_of([grid[r][c] for r, c in cage], args.rules, rng)
            if args.nudge and rng.randint(1, args.nudge) == 1:
                target += 1
            cages.append([op, target, cage])
        if args.transfer and not move_factor_two(cages, rng):
            misses += 1
            if misses == TRANSFER_TRIES:
                parser.error('--transfer: %d puzzles in a row had no two product cages of 6 '
                             'cells or more (--sizes %s, --cells %s): give bigger sizes or '
                             'cages' % (TRANSFER_TRIES, args.sizes, args.cells or '1-M'))
            continue
        misses = 0
        cut = 'c%d-%d' % cells if cells else 'm%d' % max_cells
        name = 'p%04d-n%d-%s.neknek' % (made, n, cut)
        try:
            with open(os.path.join(args.out, name), 'w') as f:
                f.write(puzzle_text(n, cages, args.rules))
        except OSError as e:
            parser.error('OUT_DIR %s: cannot write %s (%s)' % (args.out, name, e.strerror or e))
        made += 1
    print('%d puzzles in %s' % (made, args.out))


if __name__ == '__main__':
    main()
