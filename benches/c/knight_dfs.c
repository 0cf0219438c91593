/* knight_dfs.c: the paper's depth-first knight's tour search (programs/knight_tour.pl), node for
 * node, in plain C for the native benchmark. Nodes = calls of go/3: the root, then one per
 * square entered; moves tried in the program's order; iterative, like the Rust version.
 * Usage: knight_dfs [WIDTH HEIGHT FILE RANK]   (default 8 8 1 8)
 * Prints: nodes=N end=[F,R] seconds=S   (the search only, after building the move table). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const int DX[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int DY[8] = {2, 1, -1, -2, -2, -1, 1, 2};

int main(int argc, char **argv) {
    int w = argc > 4 ? atoi(argv[1]) : 8, h = argc > 4 ? atoi(argv[2]) : 8;
    int sf = argc > 4 ? atoi(argv[3]) : 1, sr = argc > 4 ? atoi(argv[4]) : 8;
    int n = w * h, *nb = malloc(sizeof(int) * 8 * n), *path = malloc(sizeof(int) * n);
    unsigned char *next = malloc(n), *seen = calloc(n, 1);
    if (w < 1 || h < 1 || sf < 1 || sf > w || sr < 1 || sr > h || !nb || !path || !next || !seen)
        return 2;
    for (int s = 0; s < n; s++)
        for (int k = 0; k < 8; k++) {
            int x = s % w + DX[k], y = s / w + DY[k];
            nb[8 * s + k] = (x >= 0 && x < w && y >= 0 && y < h) ? y * w + x : -1;
        }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int d = 0;
    long long nodes = 1;
    path[0] = (sr - 1) * w + (sf - 1), next[0] = 0, seen[path[0]] = 1;
    while (d + 1 < n && d >= 0) {
        int cur = path[d], k = next[d], to = -1;
        while (k < 8 && to < 0) { int c = nb[8 * cur + k++]; if (c >= 0 && !seen[c]) to = c; }
        next[d] = k;
        if (to < 0) { seen[cur] = 0; d--; continue; }
        seen[to] = 1, path[++d] = to, next[d] = 0, nodes++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (d < 0) { printf("nodes=%lld end=none seconds=%.6f\n", nodes, secs); return 1; }
    printf("nodes=%lld end=[%d,%d] seconds=%.6f\n", nodes, path[d] % w + 1, path[d] / w + 1, secs);
    return 0;
}
