float cnd(float d) {
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = 0.39894228040143267794f * exp(-0.5f * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
    return d > 0.0f ? 1.0f - c : c;
}
__kernel void black_scholes(__global const float *S, __global const float *X, __global const float *T,
                            __global float *call, __global float *put, float r, float v) {
    int i = get_global_id(0);
    float s = S[i], x = X[i], t = T[i];
    float sq = sqrt(t);
    float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sq);
    float d2 = d1 - v * sq;
    float e = exp(-r * t);
    call[i] = s * cnd(d1) - x * e * cnd(d2);
    put[i] = x * e * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
}
