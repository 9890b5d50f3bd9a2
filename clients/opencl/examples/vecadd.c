/* vecadd.c: the worked example of docs/opencl.md. Adds two vectors on the first platform whose
   name contains argv[1] (default "rvsimt") and checks the sum on the host. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x)                                                                                                  \
    do {                                                                                                          \
        cl_int e_ = (x);                                                                                          \
        if (e_ != CL_SUCCESS) {                                                                                   \
            fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, #x, e_);                               \
            exit(1);                                                                                              \
        }                                                                                                         \
    } while (0)

static const char *SOURCE =
    "__kernel void vecadd(__global const float *a, __global const float *b, __global float *c, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) c[i] = a[i] + b[i];\n"
    "}\n";

int main(int argc, char **argv) {
    const char *want = argc > 1 ? argv[1] : "rvsimt";
    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    cl_platform_id platform = NULL;
    for (cl_uint i = 0; i < np && !platform; i++) {
        char name[128];
        CHECK(clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL));
        if (strstr(name, want)) platform = platforms[i];
    }
    if (!platform) {
        fprintf(stderr, "no OpenCL platform named %s\n", want);
        return 1;
    }
    cl_device_id device;
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    cl_int err;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    CHECK(err);

    enum { N = 1000 };
    float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 0.5f * (float)i;
    }
    cl_mem da = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
    CHECK(err);
    cl_mem db = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof b, b, &err);
    CHECK(err);
    cl_mem dc = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof c, NULL, &err);
    CHECK(err);

    cl_program program = clCreateProgramWithSource(context, 1, &SOURCE, NULL, &err);
    CHECK(err);
    if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192];
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel kernel = clCreateKernel(program, "vecadd", &err);
    CHECK(err);
    int n = N;
    CHECK(clSetKernelArg(kernel, 0, sizeof da, &da));
    CHECK(clSetKernelArg(kernel, 1, sizeof db, &db));
    CHECK(clSetKernelArg(kernel, 2, sizeof dc, &dc));
    CHECK(clSetKernelArg(kernel, 3, sizeof n, &n));
    size_t global = 1024, local = 64; /* 16 work-groups of 64 work-items: 16 blocks of 2 warps */
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, dc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));

    for (int i = 0; i < N; i++) {
        if (c[i] != a[i] + b[i]) {
            fprintf(stderr, "c[%d] = %g, expected %g\n", i, c[i], a[i] + b[i]);
            return 1;
        }
    }
    printf("vecadd: %d sums correct\n", N);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseMemObject(da);
    clReleaseMemObject(db);
    clReleaseMemObject(dc);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return 0;
}
