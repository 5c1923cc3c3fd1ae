#!/usr/bin/env python3
"""Searches the rank->node mapping for recursive-doubling allgather on the 2x8 torus of
HA-PACS/TCA, by the principle of the paper's Fig. 11: collisions (links shared by two exchanges
of one step) may only fall in the early steps, where blocks are small.

Node n = x + 2*y (x in 0..1, y in 0..7), as weft's torus:2x8 numbers them. Routes: dimension
order, x first, then the shorter way round the ring of 8 (ties go +). The cost of a mapping is
sum over steps k of 2^k * (largest number of messages on one directed link in step k)
+ a small term for hops, i.e. the bandwidth-bound time in units of one block.

Usage: fig11_mapping.py [procs]   (16 or 8); prints the best mapping, rank order."""
import itertools
import sys


def route(a, b):
    ax, ay, bx, by = a % 2, a // 2, b % 2, b // 2
    links = []
    x, y = ax, ay
    if x != bx:
        links.append((x + 2 * y, bx + 2 * y))
        x = bx
    d = (by - y) % 8
    step = 1 if d <= 4 else -1
    while y != by:
        ny = (y + step) % 8
        links.append((x + 2 * y, x + 2 * ny))
        y = ny
    return links


def cost(nodes):
    p = len(nodes)
    total, steps = 0, p.bit_length() - 1
    for k in range(steps):
        load = {}
        hops = 0
        for r in range(p):
            for l in route(nodes[r], nodes[r ^ (1 << k)]):
                load[l] = load.get(l, 0) + 1
                hops += 1
        total += (1 << k) * max(load.values()) * 1000 + hops
    return total


def main():
    procs = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    best = None
    if procs == 16:
        # Rank bit `row_bit` picks the row (x); the other three bits pick the column through `perm`.
        for row_bit in range(4):
            for perm in itertools.permutations(range(8)):
                if perm[0] != 0:
                    continue  # rotations of the ring are equivalent
                nodes = []
                for r in range(16):
                    x = (r >> row_bit) & 1
                    rest = (r & ((1 << row_bit) - 1)) | ((r >> (row_bit + 1)) << row_bit)
                    nodes.append(x + 2 * perm[rest])
                c = cost(nodes)
                if best is None or c < best[0]:
                    best = (c, nodes)
    else:
        for combo in itertools.permutations(range(16), procs):
            if combo[0] != 0:
                continue
            c = cost(list(combo))
            if best is None or c < best[0]:
                best = (c, list(combo))
    print("cost", best[0], "identity", cost(list(range(procs))))
    print(" ".join(str(n) for n in best[1]))


if __name__ == "__main__":
    main()
