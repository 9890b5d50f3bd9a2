__kernel void nbody(__global const float4 *pos, __global float4 *vel, __global float4 *newpos, float dt, float eps2) {
    int i = get_global_id(0);
    int n = get_global_size(0);
    float4 p = pos[i];
    float3 a = (float3)(0.0f);
    for (int j = 0; j < n; j++) {
        float4 q = pos[j];
        float3 d = q.xyz - p.xyz;
        float inv = rsqrt(dot(d, d) + eps2);
        a += d * (q.w * inv * inv * inv);
    }
    float4 v = vel[i];
    v.xyz += a * dt;
    vel[i] = v;
    newpos[i] = (float4)(p.xyz + v.xyz * dt, p.w);
}
