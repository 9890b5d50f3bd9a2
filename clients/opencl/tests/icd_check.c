/*
 * icd_check.c: an OpenCL 1.2 host program that checks a platform against host-computed answers.
 * The same program runs on rvsimt and on POCL (the tests compare their outputs line by line).
 *
 *   icd_check PLATFORM basic     buffers, kernels (__local, offsets, 2-D), events, binaries
 *   icd_check PLATFORM misuse    API misuse returns the specification's error codes
 *   icd_check PLATFORM fault     a faulting kernel fails its event; the context stays usable
 *   icd_check PLATFORM threads   four host threads with their own queues
 *   icd_check PLATFORM checks    (rvsimt, with RVSIMT_OPENCL_CHECK=all) the sanitizer checks find a
 *                                buffer one element short and a buffer never written
 *   icd_check PLATFORM hold      prints "ready" once the platform is up, then sleeps (for tests
 *                                that kill the host process)
 *   icd_check PLATFORM leak      a queue and a buffer in use, then exit(0) without releasing
 *                                anything (for tests that look for what is left behind)
 *
 * PLATFORM is a substring of the platform's name. Exit code 0 when every check passed.
 */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(x)                                                                                                  \
    do {                                                                                                          \
        cl_int e_ = (x);                                                                                          \
        if (e_ != CL_SUCCESS) {                                                                                   \
            fprintf(stderr, "line %d: %s returned %d\n", __LINE__, #x, e_);                                       \
            exit(1);                                                                                              \
        }                                                                                                         \
    } while (0)

#define EXPECT(cond, ...)                                                                                         \
    do {                                                                                                          \
        if (!(cond)) {                                                                                            \
            fprintf(stderr, "line %d: ", __LINE__);                                                               \
            fprintf(stderr, __VA_ARGS__);                                                                         \
            fputc('\n', stderr);                                                                                  \
            failures++;                                                                                           \
        }                                                                                                         \
    } while (0)

#define EXPECT_CODE(call, code)                                                                                   \
    do {                                                                                                          \
        cl_int got_ = (call);                                                                                     \
        EXPECT(got_ == (code), "%s returned %d, expected %s (%d)", #call, got_, #code, code);                     \
    } while (0)

static cl_platform_id platform;
static cl_device_id device;
static cl_context context;

static const char *SOURCE =
    "__kernel void vecadd(__global const float *a, __global const float *b, __global float *c, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) c[i] = a[i] + b[i];\n"
    "}\n"
    "__kernel void reduce(__global const int *in, __global int *out, __local int *scratch) {\n"
    "    __local int total;\n"
    "    int l = get_local_id(0);\n"
    "    if (l == 0) total = 0;\n"
    "    scratch[l] = in[get_global_id(0)];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
    "        if (l < s) scratch[l] += scratch[l + s];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (l == 0) total = scratch[0];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    if (l == 0) out[get_group_id(0)] = total;\n"
    "}\n"
    "__kernel void grid2d(__global int *out, int width) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    out[(y - get_global_offset(1)) * width + (x - get_global_offset(0))] =\n"
    "        x * 1000 + y + (int)get_work_dim() * 1000000;\n"
    "}\n"
    "__kernel void scale(__global float *v, float f) { v[get_global_id(0)] *= f; }\n"
    "__kernel void poke(__global int *p, int word) { p[word] = 1; }\n";

static void pick(const char *want) {
    cl_platform_id ps[8];
    cl_uint n = 0;
    CHECK(clGetPlatformIDs(8, ps, &n));
    for (cl_uint i = 0; i < n && !platform; i++) {
        char name[256];
        CHECK(clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL));
        if (strstr(name, want)) platform = ps[i];
    }
    if (!platform) {
        fprintf(stderr, "no platform named %s\n", want);
        exit(2);
    }
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    cl_int err;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    context = clCreateContext(props, 1, &device, NULL, NULL, &err);
    CHECK(err);
}

static cl_program build(const char *options) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &SOURCE, NULL, &err);
    CHECK(err);
    if (clBuildProgram(p, 1, &device, options, NULL, NULL) != CL_SUCCESS) {
        char log[16384];
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        exit(1);
    }
    return p;
}

static cl_mem buffer(cl_mem_flags flags, size_t size, void *host) {
    cl_int err;
    cl_mem m = clCreateBuffer(context, flags, size, host, &err);
    CHECK(err);
    return m;
}

static cl_kernel kernel(cl_program p, const char *name) {
    cl_int err;
    cl_kernel k = clCreateKernel(p, name, &err);
    CHECK(err);
    return k;
}

/* vecadd of n elements with a = i, b = seed * i; returns the number of wrong sums. */
static int run_vecadd(cl_command_queue q, cl_kernel k, int n, float seed) {
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    for (int i = 0; i < n; i++) {
        a[i] = (float)i;
        b[i] = seed * (float)i;
    }
    cl_mem da = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof *a, a);
    cl_mem db = buffer(CL_MEM_READ_ONLY, n * sizeof *b, NULL);
    cl_mem dc = buffer(CL_MEM_WRITE_ONLY, n * sizeof *c, NULL);
    cl_event written;
    CHECK(clEnqueueWriteBuffer(q, db, CL_FALSE, 0, n * sizeof *b, b, 0, NULL, &written));
    CHECK(clSetKernelArg(k, 0, sizeof da, &da));
    CHECK(clSetKernelArg(k, 1, sizeof db, &db));
    CHECK(clSetKernelArg(k, 2, sizeof dc, &dc));
    CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    size_t global = (size_t)n; /* no local size: the platform chooses */
    cl_event ran;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 1, &written, &ran));
    CHECK(clEnqueueReadBuffer(q, dc, CL_TRUE, 0, n * sizeof *c, c, 1, &ran, NULL));
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += c[i] != a[i] + b[i];
    clReleaseEvent(written);
    clReleaseEvent(ran);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    free(a);
    free(b);
    free(c);
    return wrong;
}

static void CL_CALLBACK count_completion(cl_event e, cl_int status, void *data) {
    (void)e;
    if (status == CL_COMPLETE) __atomic_add_fetch((int *)data, 1, __ATOMIC_SEQ_CST);
}

/* ---------------------------------------------------------------- basic */
static void basic(void) {
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    cl_program p = build("-D UNUSED=1");

    /* vecadd: a non-blocking write, a wait list, no local size */
    cl_kernel kv = kernel(p, "vecadd");
    EXPECT(run_vecadd(q, kv, 1000, 0.5f) == 0, "vecadd: wrong sums");
    printf("vecadd ok\n");

    /* reduce: a __local argument and a kernel-scope __local variable, barriers */
    enum { N = 4096, G = 128 };
    int in[N], sums[N / G];
    for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1000 - 500;
    cl_mem din = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in);
    cl_mem dsum = buffer(CL_MEM_WRITE_ONLY, sizeof sums, NULL);
    cl_kernel kr = kernel(p, "reduce");
    CHECK(clSetKernelArg(kr, 0, sizeof din, &din));
    CHECK(clSetKernelArg(kr, 1, sizeof dsum, &dsum));
    CHECK(clSetKernelArg(kr, 2, G * sizeof(int), NULL));
    size_t global = N, local = G;
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, kr, 1, NULL, &global, &local, 0, NULL, &ev));
    CHECK(clEnqueueReadBuffer(q, dsum, CL_TRUE, 0, sizeof sums, sums, 0, NULL, NULL));
    long total = 0;
    for (int g = 0; g < N / G; g++) {
        int want = 0;
        for (int i = 0; i < G; i++) want += in[g * G + i];
        EXPECT(sums[g] == want, "reduce: group %d sum %d, expected %d", g, sums[g], want);
        total += sums[g];
    }
    printf("reduce total %ld\n", total);

    /* profiling: queued <= submit <= start <= end */
    cl_ulong t[4];
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof t[0], &t[0], NULL));
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_SUBMIT, sizeof t[1], &t[1], NULL));
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t[2], &t[2], NULL));
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t[3], &t[3], NULL));
    EXPECT(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3], "profiling times out of order");
    cl_command_type type;
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
    EXPECT(type == CL_COMMAND_NDRANGE_KERNEL, "event command type %u", type);
    clReleaseEvent(ev);
    printf("profiling ok\n");

    /* 2-D with a global offset */
    enum { W = 24, H = 10 };
    int grid[W * H];
    cl_mem dgrid = buffer(CL_MEM_READ_WRITE, sizeof grid, NULL);
    cl_kernel kg = kernel(p, "grid2d");
    int width = W;
    CHECK(clSetKernelArg(kg, 0, sizeof dgrid, &dgrid));
    CHECK(clSetKernelArg(kg, 1, sizeof width, &width));
    size_t g2[2] = {W, H}, l2[2] = {8, 2}, o2[2] = {3, 5};
    CHECK(clEnqueueNDRangeKernel(q, kg, 2, o2, g2, l2, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dgrid, CL_TRUE, 0, sizeof grid, grid, 0, NULL, NULL));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            EXPECT(grid[y * W + x] == (x + 3) * 1000 + (y + 5) + 2000000, "grid2d (%d,%d) = %d", x, y, grid[y * W + x]);
    printf("grid2d ok\n");

    /* user event gating a command; callbacks */
    float v[64];
    for (int i = 0; i < 64; i++) v[i] = (float)i;
    cl_mem dv = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof v, v);
    cl_kernel ks = kernel(p, "scale");
    float f = 3.0f;
    CHECK(clSetKernelArg(ks, 0, sizeof dv, &dv));
    CHECK(clSetKernelArg(ks, 1, sizeof f, &f));
    cl_event gate = clCreateUserEvent(context, &err);
    CHECK(err);
    size_t g64 = 64;
    cl_event scaled;
    int completions = 0;
    CHECK(clEnqueueNDRangeKernel(q, ks, 1, NULL, &g64, NULL, 1, &gate, &scaled));
    CHECK(clSetEventCallback(scaled, CL_COMPLETE, count_completion, &completions));
    cl_int status;
    CHECK(clGetEventInfo(scaled, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
    EXPECT(status != CL_COMPLETE, "a command behind an unset user event completed");
    f = 100.0f; /* arguments were captured at enqueue: this must not matter */
    CHECK(clSetKernelArg(ks, 1, sizeof f, &f));
    CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    CHECK(clWaitForEvents(1, &scaled));
    CHECK(clFinish(q));
    CHECK(clEnqueueReadBuffer(q, dv, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
    for (int i = 0; i < 64; i++) EXPECT(v[i] == 3.0f * (float)i, "scale: v[%d] = %g", i, v[i]);
    EXPECT(__atomic_load_n(&completions, __ATOMIC_SEQ_CST) == 1, "completion callback ran %d times", completions);
    clReleaseEvent(gate);
    clReleaseEvent(scaled);
    printf("user event ok\n");

    /* fill, copy, sub-buffers, map/unmap, rectangles */
    enum { B = 1024 };
    unsigned char host[B], back[B];
    cl_mem x = buffer(CL_MEM_READ_WRITE, B, NULL);
    cl_mem y = buffer(CL_MEM_READ_WRITE, B, NULL);
    cl_ushort pattern = 0xA55A;
    CHECK(clEnqueueFillBuffer(q, x, &pattern, sizeof pattern, 0, B, 0, NULL, NULL));
    for (int i = 0; i < 256; i++) host[i] = (unsigned char)i;
    CHECK(clEnqueueWriteBuffer(q, x, CL_TRUE, 256, 256, host, 0, NULL, NULL));
    CHECK(clEnqueueCopyBuffer(q, x, y, 0, 0, B, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 0, B, back, 0, NULL, NULL));
    for (int i = 0; i < B; i++) {
        int want = (i >= 256 && i < 512) ? i - 256 : (i % 2 ? 0xA5 : 0x5A);
        EXPECT(back[i] == want, "fill/copy byte %d = %d, expected %d", i, back[i], want);
    }
    cl_buffer_region region = {512, 256};
    cl_mem sub = clCreateSubBuffer(y, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    CHECK(err);
    unsigned char *mapped = clEnqueueMapBuffer(q, sub, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 256, 0, NULL, NULL, &err);
    CHECK(err);
    EXPECT(mapped[0] == 0x5A && mapped[1] == 0xA5, "mapped sub-buffer reads %d %d", mapped[0], mapped[1]);
    for (int i = 0; i < 256; i++) mapped[i] = (unsigned char)(255 - i);
    CHECK(clEnqueueUnmapMemObject(q, sub, mapped, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 512, 256, back, 0, NULL, NULL));
    for (int i = 0; i < 256; i++) EXPECT(back[i] == 255 - i, "sub-buffer write-back byte %d = %d", i, back[i]);
    size_t origin0[3] = {0, 0, 0};
    size_t bo[3] = {4, 2, 0}, ho[3] = {1, 1, 0}, rg[3] = {8, 3, 1};
    unsigned char rect[16 * 8];
    memset(rect, 0xEE, sizeof rect);
    /* y's bytes viewed as rows of 32: rows 2..4, bytes 4..11, into a host rectangle with rows of 16 */
    CHECK(clEnqueueReadBufferRect(q, y, CL_TRUE, bo, ho, rg, 32, 0, 16, 0, rect, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 0, B, back, 0, NULL, NULL));
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 8; c++)
            EXPECT(rect[(1 + r) * 16 + 1 + c] == back[(2 + r) * 32 + 4 + c], "read rect (%d,%d)", r, c);
    EXPECT(rect[0] == 0xEE && rect[16] == 0xEE, "read rect wrote outside its region");
    CHECK(clEnqueueWriteBufferRect(q, x, CL_TRUE, bo, origin0, rg, 32, 0, 8, 0, host, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, x, CL_TRUE, 0, B, back, 0, NULL, NULL));
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 8; c++)
            EXPECT(back[(2 + r) * 32 + 4 + c] == host[r * 8 + c], "write rect (%d,%d)", r, c);
    EXPECT(back[2 * 32 + 3] == 0xA5, "write rect wrote outside its region");
    size_t so[3] = {0, 0, 0}, dso[3] = {16, 1, 0}, crg[3] = {16, 4, 1};
    CHECK(clEnqueueCopyBufferRect(q, x, y, so, dso, crg, 64, 0, 64, 0, 0, NULL, NULL));
    unsigned char yy[B];
    CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 0, B, yy, 0, NULL, NULL));
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 16; c++)
            EXPECT(yy[(1 + r) * 64 + 16 + c] == back[r * 64 + c], "copy rect (%d,%d)", r, c);
    printf("buffers ok\n");

    /* USE_HOST_PTR: the map is the application's memory */
    int mine[32];
    for (int i = 0; i < 32; i++) mine[i] = i * i;
    cl_mem use = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof mine, mine);
    int *m2 = clEnqueueMapBuffer(q, use, CL_TRUE, CL_MAP_READ, 0, sizeof mine, 0, NULL, NULL, &err);
    CHECK(err);
    EXPECT(m2 == mine, "map of a USE_HOST_PTR buffer is not its host pointer");
    EXPECT(m2[5] == 25, "USE_HOST_PTR contents");
    CHECK(clEnqueueUnmapMemObject(q, use, m2, 0, NULL, NULL));
    CHECK(clFinish(q));
    printf("host pointers ok\n");

    /* binaries: the program's binary builds a program that runs */
    size_t bsize;
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize, NULL));
    unsigned char *bin = malloc(bsize);
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
    cl_int bstatus;
    cl_program p2 = clCreateProgramWithBinary(context, 1, &device, &bsize, (const unsigned char **)&bin, &bstatus, &err);
    CHECK(err);
    CHECK(bstatus);
    CHECK(clBuildProgram(p2, 1, &device, NULL, NULL, NULL));
    cl_kernel kv2 = kernel(p2, "vecadd");
    EXPECT(run_vecadd(q, kv2, 300, 2.0f) == 0, "vecadd from a binary: wrong sums");
    free(bin);
    printf("binary ok\n");

    /* queries */
    char names[256], argname[64], argtype[64];
    CHECK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL));
    EXPECT(strstr(names, "vecadd") && strstr(names, "reduce") && strstr(names, "grid2d"), "kernel names %s", names);
    cl_uint nargs;
    CHECK(clGetKernelInfo(kr, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
    EXPECT(nargs == 3, "reduce has %u arguments", nargs);
    cl_program pi = build("-cl-kernel-arg-info");
    cl_kernel kri = kernel(pi, "reduce");
    cl_kernel_arg_address_qualifier aq;
    CHECK(clGetKernelArgInfo(kri, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL));
    CHECK(clGetKernelArgInfo(kri, 2, CL_KERNEL_ARG_NAME, sizeof argname, argname, NULL));
    CHECK(clGetKernelArgInfo(kri, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof argtype, argtype, NULL));
    EXPECT(aq == CL_KERNEL_ARG_ADDRESS_LOCAL, "reduce arg 2 address qualifier 0x%x", aq);
    EXPECT(strcmp(argname, "scratch") == 0, "reduce arg 2 name %s", argname);
    EXPECT(strcmp(argtype, "int*") == 0, "reduce arg 0 type %s", argtype);
    printf("queries ok\n");

    clReleaseKernel(kri);
    clReleaseProgram(pi);
    clReleaseKernel(kv2);
    clReleaseProgram(p2);
    clReleaseMemObject(use);
    clReleaseMemObject(sub);
    clReleaseMemObject(x);
    clReleaseMemObject(y);
    clReleaseMemObject(dv);
    clReleaseMemObject(dgrid);
    clReleaseMemObject(din);
    clReleaseMemObject(dsum);
    clReleaseKernel(kv);
    clReleaseKernel(kr);
    clReleaseKernel(kg);
    clReleaseKernel(ks);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
}

/* ---------------------------------------------------------------- misuse */
static void misuse(void) {
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
    CHECK(err);
    cl_program p = build(NULL);
    cl_kernel k = kernel(p, "vecadd");
    cl_mem m = buffer(CL_MEM_READ_WRITE, 64, NULL);
    char buf[64];
    size_t one = 1, three = 3, sixty_four = 64;

    EXPECT_CODE(clGetPlatformInfo(platform, 0xFFFF, sizeof buf, buf, NULL), CL_INVALID_VALUE);
    EXPECT_CODE(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 1, buf, NULL), CL_INVALID_VALUE);
    EXPECT_CODE(clGetDeviceInfo(device, 0xFFFF, sizeof buf, buf, NULL), CL_INVALID_VALUE);
    EXPECT_CODE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, NULL), CL_INVALID_VALUE);
    clCreateContext(NULL, 0, NULL, NULL, NULL, &err);
    EXPECT_CODE(err, CL_INVALID_VALUE);
    clCreateCommandQueue(NULL, device, 0, &err);
    EXPECT_CODE(err, CL_INVALID_CONTEXT);
    clCreateBuffer(context, CL_MEM_READ_WRITE, 0, NULL, &err);
    EXPECT_CODE(err, CL_INVALID_BUFFER_SIZE);
    clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, &err);
    EXPECT_CODE(err, CL_INVALID_VALUE);
    clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 64, NULL, &err);
    EXPECT_CODE(err, CL_INVALID_HOST_PTR);
    clCreateBuffer(context, CL_MEM_READ_WRITE, 64, buf, &err);
    EXPECT_CODE(err, CL_INVALID_HOST_PTR);
    EXPECT_CODE(clEnqueueReadBuffer(q, m, CL_TRUE, 32, 64, buf, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT_CODE(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 64, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    EXPECT_CODE(clEnqueueReadBuffer(NULL, m, CL_TRUE, 0, 64, buf, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
    EXPECT_CODE(clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 64, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    EXPECT_CODE(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 64, buf, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
    EXPECT_CODE(clEnqueueCopyBuffer(q, m, m, 0, 16, 32, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    int pattern = 0;
    EXPECT_CODE(clEnqueueFillBuffer(q, m, &pattern, 3, 0, 63, 0, NULL, NULL), CL_INVALID_VALUE);
    cl_buffer_region r = {0, 128};
    clCreateSubBuffer(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    EXPECT_CODE(err, CL_INVALID_VALUE);
    cl_mem ro = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, 64, NULL);
    EXPECT_CODE(clEnqueueReadBuffer(q, ro, CL_TRUE, 0, 64, buf, 0, NULL, NULL), CL_INVALID_OPERATION);
    EXPECT_CODE(clEnqueueUnmapMemObject(q, m, buf, 0, NULL, NULL), CL_INVALID_VALUE);

    const char *bad = "__kernel void broken(__global int *p) { p[0] = undeclared; }";
    cl_program pb = clCreateProgramWithSource(context, 1, &bad, NULL, &err);
    CHECK(err);
    EXPECT_CODE(clBuildProgram(pb, 1, &device, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    cl_build_status bs;
    CHECK(clGetProgramBuildInfo(pb, device, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL));
    EXPECT(bs == CL_BUILD_ERROR, "build status %d after a failed build", bs);
    char log[4096] = "";
    CHECK(clGetProgramBuildInfo(pb, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
    EXPECT(strstr(log, "undeclared") != NULL, "build log does not name the error: %s", log);
    clCreateKernel(pb, "broken", &err);
    EXPECT_CODE(err, CL_INVALID_PROGRAM_EXECUTABLE);
    EXPECT_CODE(clBuildProgram(pb, 1, &device, "-no-such-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    const unsigned char *junk = (const unsigned char *)"not a binary";
    size_t junk_len = 12;
    cl_int bstatus;
    clCreateProgramWithBinary(context, 1, &device, &junk_len, &junk, &bstatus, &err);
    EXPECT_CODE(err, CL_INVALID_BINARY);

    clCreateKernel(p, "no_such_kernel", &err);
    EXPECT_CODE(err, CL_INVALID_KERNEL_NAME);
    EXPECT_CODE(clSetKernelArg(k, 9, sizeof m, &m), CL_INVALID_ARG_INDEX);
    EXPECT_CODE(clSetKernelArg(k, 3, 2, &pattern), CL_INVALID_ARG_SIZE);
    EXPECT_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &sixty_four, NULL, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
    CHECK(clSetKernelArg(k, 0, sizeof m, &m));
    CHECK(clSetKernelArg(k, 1, sizeof m, &m));
    CHECK(clSetKernelArg(k, 2, sizeof m, &m));
    CHECK(clSetKernelArg(k, 3, sizeof pattern, &pattern));
    EXPECT_CODE(clEnqueueNDRangeKernel(q, k, 0, NULL, &sixty_four, NULL, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION);
    EXPECT_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
    EXPECT_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &sixty_four, &three, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    size_t huge;
    CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof huge, &huge, NULL));
    huge *= 2;
    EXPECT_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &huge, &huge, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_CODE(clEnqueueNDRangeKernel(q, k, 1, NULL, &sixty_four, &one, 0, NULL, NULL), CL_SUCCESS);
    EXPECT_CODE(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
    cl_event user = clCreateUserEvent(context, &err);
    CHECK(err);
    EXPECT_CODE(clSetUserEventStatus(user, 5), CL_INVALID_VALUE);
    CHECK(clSetUserEventStatus(user, CL_COMPLETE));
    EXPECT_CODE(clSetUserEventStatus(user, CL_COMPLETE), CL_INVALID_OPERATION);
    EXPECT_CODE(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_START, sizeof(cl_ulong), buf, NULL),
                CL_PROFILING_INFO_NOT_AVAILABLE);
    CHECK(clFinish(q));
    printf("misuse: %d checks failed\n", failures);
    clReleaseEvent(user);
    clReleaseMemObject(ro);
    clReleaseProgram(pb);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(m);
    clReleaseCommandQueue(q);
}

/* ---------------------------------------------------------------- fault */
static void fault(void) {
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
    CHECK(err);
    cl_program p = build(NULL);
    cl_kernel poke = kernel(p, "poke");
    cl_mem m = buffer(CL_MEM_READ_WRITE, 64, NULL);
    int word = 0x7FFFFFF0 / 4; /* far past the end of any buffer (and of the device's memory) */
    CHECK(clSetKernelArg(poke, 0, sizeof m, &m));
    CHECK(clSetKernelArg(poke, 1, sizeof word, &word));
    size_t one = 1;
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, poke, 1, NULL, &one, &one, 0, NULL, &ev));
    CHECK(clFinish(q));
    cl_int status;
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
    EXPECT(status < 0, "the faulting kernel's event has status %d", status);
    EXPECT_CODE(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    char report[2048] = "";
    CHECK(clGetEventInfo(ev, 0x4E80 /* CL_EVENT_RVSIMT_FAULT_MESSAGE */, sizeof report, report, NULL));
    EXPECT(strstr(report, "poke") && strstr(report, "out_of_bounds"), "fault report: %s", report);
    clReleaseEvent(ev);
    /* the context is still usable */
    cl_kernel kv = kernel(p, "vecadd");
    EXPECT(run_vecadd(q, kv, 500, 1.5f) == 0, "vecadd after a fault: wrong sums");
    printf("fault: status %d, context usable\n", status < 0 ? -1 : status);
    clReleaseKernel(kv);
    clReleaseKernel(poke);
    clReleaseMemObject(m);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
}

/* ---------------------------------------------------------------- checks */
/* vecadd of n elements over buffers of 100 floats; a and b from host memory unless b_unwritten.
   Returns the event's status and copies its findings (CL_EVENT_RVSIMT_FINDINGS) into findings. */
static cl_int checked_vecadd(cl_command_queue q, cl_kernel k, int n, int b_unwritten, char *findings, size_t cap) {
    float host[100];
    for (int i = 0; i < 100; i++) host[i] = (float)i;
    cl_mem a = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof host, host);
    cl_mem b = b_unwritten ? buffer(CL_MEM_READ_ONLY, sizeof host, NULL)
                           : buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof host, host);
    cl_mem c = buffer(CL_MEM_WRITE_ONLY, sizeof host, NULL);
    CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CHECK(clSetKernelArg(k, 1, sizeof b, &b));
    CHECK(clSetKernelArg(k, 2, sizeof c, &c));
    CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    size_t global = 128, local = 64;
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev));
    clFinish(q);
    cl_int status;
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
    CHECK(clGetEventInfo(ev, 0x4E82 /* CL_EVENT_RVSIMT_FINDINGS */, cap, findings, NULL));
    clReleaseEvent(ev);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(c);
    return status;
}

static void checks(void) {
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
    CHECK(err);
    cl_program p = build(NULL);
    cl_kernel k = kernel(p, "vecadd");
    char findings[16384];
    /* n = 101: work-item 100 reads a[100] and b[100] and writes c[100], each just past its buffer */
    cl_int status = checked_vecadd(q, k, 101, 0, findings, sizeof findings);
    EXPECT(status < 0, "an error finding fails the event: status %d", status);
    EXPECT(strstr(findings, "load of 4 bytes at 0 bytes past the end of 'a' (400 bytes)") &&
               strstr(findings, "load of 4 bytes at 0 bytes past the end of 'b' (400 bytes)") &&
               strstr(findings, "store of 4 bytes at 0 bytes past the end of 'c' (400 bytes)"),
           "memcheck findings: %s", findings);
    printf("checks: overrun status %d, %s\n", status < 0 ? -1 : status,
           strstr(findings, "\"out_of_bounds\"") ? "out_of_bounds" : "none");
    /* b created without host memory and never written: each of the 100 loads of it is reported */
    status = checked_vecadd(q, k, 100, 1, findings, sizeof findings);
    EXPECT(status < 0, "uninitialized read: status %d", status);
    EXPECT(strstr(findings, "\"uninitialized_global_read\"") && strstr(findings, "\"count\":100") &&
               strstr(findings, "\"region\":\"b\""),
           "initcheck findings: %s", findings);
    printf("checks: unwritten status %d\n", status < 0 ? -1 : status);
    status = checked_vecadd(q, k, 100, 0, findings, sizeof findings);
    EXPECT(status == CL_COMPLETE && strcmp(findings, "[]") == 0, "a correct launch: status %d, findings %s", status,
           findings);
    printf("checks: correct status %d findings %s\n", status, findings);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
}

/* ---------------------------------------------------------------- threads */
static cl_program shared_program;

static void *thread_main(void *arg) {
    long id = (long)arg;
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
    if (err != CL_SUCCESS) return (void *)1;
    cl_kernel k = clCreateKernel(shared_program, "vecadd", &err);
    if (err != CL_SUCCESS) return (void *)1;
    long wrong = 0;
    for (int round = 0; round < 4; round++) wrong += run_vecadd(q, k, 200 + 37 * (int)id + round, (float)(id + round));
    clReleaseKernel(k);
    clReleaseCommandQueue(q);
    return (void *)wrong;
}

static void threads(void) {
    shared_program = build(NULL);
    pthread_t t[4];
    for (long i = 0; i < 4; i++) pthread_create(&t[i], NULL, thread_main, (void *)i);
    for (int i = 0; i < 4; i++) {
        void *wrong;
        pthread_join(t[i], &wrong);
        EXPECT(wrong == NULL, "thread %d: %ld wrong sums", i, (long)wrong);
    }
    clReleaseProgram(shared_program);
    printf("threads ok\n");
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: icd_check PLATFORM basic|misuse|fault|threads|checks\n");
        return 2;
    }
    pick(argv[1]);
    if (strcmp(argv[2], "basic") == 0) basic();
    else if (strcmp(argv[2], "misuse") == 0) misuse();
    else if (strcmp(argv[2], "fault") == 0) fault();
    else if (strcmp(argv[2], "threads") == 0) threads();
    else if (strcmp(argv[2], "leak") == 0) {
        cl_int err;
        cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
        cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, 4096, NULL, &err);
        int v = 7;
        err = clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof v, &v, 0, NULL, NULL);
        printf("leak: %s\n", err == CL_SUCCESS ? "queued" : "enqueue failed");
        fflush(stdout);
        exit(0); /* no clFinish, no release */
    }
    else if (strcmp(argv[2], "checks") == 0) checks();
    else if (strcmp(argv[2], "hold") == 0) {
        printf("ready\n");
        fflush(stdout);
        sleep(60);
    }
    else {
        fprintf(stderr, "unknown check %s\n", argv[2]);
        return 2;
    }
    clReleaseContext(context);
    return failures ? 1 : 0;
}
