__kernel void bitonic_step(__global uint *keys, uint j, uint k) {
    uint i = get_global_id(0);
    uint p = i ^ j;
    if (p > i) {
        uint a = keys[i], b = keys[p];
        int up = (i & k) == 0;
        if ((up && a > b) || (!up && a < b)) { keys[i] = b; keys[p] = a; }
    }
}
