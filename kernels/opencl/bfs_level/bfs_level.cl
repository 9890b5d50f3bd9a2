__kernel void bfs_level(__global const int *rowptr, __global const int *cols, __global int *level, int cur, __global int *changed) {
    int v = get_global_id(0);
    if (level[v] != cur) return;
    for (int e = rowptr[v]; e < rowptr[v + 1]; e++) {
        int w = cols[e];
        if (atomic_cmpxchg(&level[w], -1, cur + 1) == -1) atomic_inc(changed);
    }
}
