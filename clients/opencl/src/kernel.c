/*
 * kernel.c: kernel objects and their arguments (OpenCL 1.2 section 5.7). Arguments are kept as the
 * application set them; clEnqueueNDRangeKernel (launch.c) turns them into an argument block.
 */
#include <stdlib.h>
#include <string.h>

#include "icd.h"

int rv_is_kernel(cl_kernel k) { return RV_IS(k, RV_KERNEL); }

static cl_kernel kernel_new(cl_program p, const rv_kernel_info *info, cl_int *err) {
    cl_kernel k = calloc(1, sizeof *k);
    if (k) k->args = calloc(info->num_args ? info->num_args : 1, sizeof *k->args);
    if (!k || !k->args) {
        free(k);
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    k->dispatch = &rv_dispatch;
    rv_ref_init(&k->ref, RV_KERNEL);
    k->program = p;
    k->info = info;
    pthread_mutex_init(&k->lock, NULL);
    rv_ref_retain(&p->ref);
    pthread_mutex_lock(&p->lock);
    p->kernels_attached++;
    pthread_mutex_unlock(&p->lock);
    *err = CL_SUCCESS;
    return k;
}

static int executable(cl_program p) { return p->binary && p->status == CL_BUILD_SUCCESS; }

HIDDEN cl_kernel CL_API_CALL rv_clCreateKernel(cl_program p, const char *name, cl_int *errcode_ret) {
    if (!rv_is_program(p)) RV_ERR(CL_INVALID_PROGRAM);
    if (!executable(p)) RV_ERR(CL_INVALID_PROGRAM_EXECUTABLE);
    if (!name) RV_ERR(CL_INVALID_VALUE);
    for (uint32_t i = 0; i < p->binary->num_kernels; i++) {
        if (strcmp(p->binary->kernels[i].name, name) == 0) {
            cl_int err;
            cl_kernel k = kernel_new(p, &p->binary->kernels[i], &err);
            if (errcode_ret) *errcode_ret = err;
            return k;
        }
    }
    RV_ERR(CL_INVALID_KERNEL_NAME);
}

HIDDEN cl_int CL_API_CALL rv_clCreateKernelsInProgram(cl_program p, cl_uint num_kernels, cl_kernel *kernels,
                                                      cl_uint *num_kernels_ret) {
    if (!rv_is_program(p)) return CL_INVALID_PROGRAM;
    if (!executable(p)) return CL_INVALID_PROGRAM_EXECUTABLE;
    cl_uint n = p->binary->num_kernels;
    if (kernels && num_kernels < n) return CL_INVALID_VALUE;
    if (kernels) {
        for (cl_uint i = 0; i < n; i++) {
            cl_int err;
            kernels[i] = kernel_new(p, &p->binary->kernels[i], &err);
            if (err != CL_SUCCESS) return err;
        }
    }
    if (num_kernels_ret) *num_kernels_ret = n;
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clRetainKernel(cl_kernel k) {
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    rv_ref_retain(&k->ref);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clReleaseKernel(cl_kernel k) {
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    if (rv_ref_release(&k->ref)) {
        for (uint32_t i = 0; i < k->info->num_args; i++) free(k->args[i].value);
        free(k->args);
        cl_program p = k->program;
        pthread_mutex_lock(&p->lock);
        p->kernels_attached--;
        pthread_mutex_unlock(&p->lock);
        k->ref.magic = 0;
        free(k);
        rv_clReleaseProgram(p);
    }
    return CL_SUCCESS;
}

/* Section 5.7.2's checks. A cl_mem argument is kept by handle (the spec does not retain it; the
   application must keep it alive until the enqueue). */
HIDDEN cl_int CL_API_CALL rv_clSetKernelArg(cl_kernel k, cl_uint index, size_t size, const void *value) {
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    if (index >= k->info->num_args) return CL_INVALID_ARG_INDEX;
    const rv_arg_info *a = &k->info->args[index];
    rv_arg_value v = {0};
    switch (a->kind) {
    case RV_ARG_LOCAL:
        if (value) return CL_INVALID_ARG_VALUE;
        if (size == 0) return CL_INVALID_ARG_SIZE;
        v.size = size;
        break;
    case RV_ARG_BUFFER:
        if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
        if (value && *(const cl_mem *)value) {
            cl_mem m = *(const cl_mem *)value;
            if (!rv_is_mem(m) || m->context != k->program->context) return CL_INVALID_MEM_OBJECT;
            v.mem = m;
        }
        break;
    case RV_ARG_VALUE:
        if (!value) return CL_INVALID_ARG_VALUE;
        if (size != a->size) return CL_INVALID_ARG_SIZE;
        v.value = malloc(size);
        if (!v.value) return CL_OUT_OF_HOST_MEMORY;
        memcpy(v.value, value, size);
        v.size = size;
        break;
    }
    v.set = 1;
    pthread_mutex_lock(&k->lock);
    free(k->args[index].value);
    k->args[index] = v;
    pthread_mutex_unlock(&k->lock);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clGetKernelInfo(cl_kernel k, cl_kernel_info param_name, size_t param_value_size,
                                             void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    switch (param_name) {
    case CL_KERNEL_FUNCTION_NAME: RV_INFO_STR(k->info->name);
    case CL_KERNEL_NUM_ARGS: RV_INFO(cl_uint, k->info->num_args);
    case CL_KERNEL_REFERENCE_COUNT: RV_INFO(cl_uint, k->ref.count);
    case CL_KERNEL_CONTEXT: RV_INFO(cl_context, k->program->context);
    case CL_KERNEL_PROGRAM: RV_INFO(cl_program, k->program);
    case CL_KERNEL_ATTRIBUTES: RV_INFO_STR("");
    default: return CL_INVALID_VALUE;
    }
}

HIDDEN cl_int CL_API_CALL rv_clGetKernelArgInfo(cl_kernel k, cl_uint index, cl_kernel_arg_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret) {
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    if (index >= k->info->num_args) return CL_INVALID_ARG_INDEX;
    const rv_arg_info *a = &k->info->args[index];
    switch (param_name) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: RV_INFO(cl_kernel_arg_address_qualifier, a->address);
    case CL_KERNEL_ARG_ACCESS_QUALIFIER: RV_INFO(cl_kernel_arg_access_qualifier, a->access);
    case CL_KERNEL_ARG_TYPE_NAME: RV_INFO_STR(a->type_name);
    case CL_KERNEL_ARG_TYPE_QUALIFIER: RV_INFO(cl_kernel_arg_type_qualifier, a->type_qualifier);
    case CL_KERNEL_ARG_NAME: RV_INFO_STR(a->name);
    default: return CL_INVALID_VALUE;
    }
}

cl_ulong rv_kernel_local_bytes(cl_kernel k) {
    cl_ulong total = k->info->static_local;
    for (uint32_t i = 0; i < k->info->num_args; i++)
        if (k->info->args[i].kind == RV_ARG_LOCAL) total += (k->args[i].size + 15) & ~(size_t)15;
    return total;
}

HIDDEN cl_int CL_API_CALL rv_clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_work_group_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
    if (!rv_is_kernel(k)) return CL_INVALID_KERNEL;
    cl_context c = k->program->context;
    if (!d && c->num_devices == 1) d = c->devices[0];
    if (!rv_is_device(d) || !rv_context_has_device(c, d)) return CL_INVALID_DEVICE;
    switch (param_name) {
    case CL_KERNEL_WORK_GROUP_SIZE: RV_INFO(size_t, 1024);
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
        size_t none[3] = {0, 0, 0};
        return rv_info(param_value_size, param_value, param_value_size_ret, none, sizeof none);
    }
    case CL_KERNEL_LOCAL_MEM_SIZE: RV_INFO(cl_ulong, rv_kernel_local_bytes(k));
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: {
        size_t warp = (d->hello.dev_caps >> 16) & 0xFF;
        RV_INFO(size_t, warp ? warp : 32);
    }
    case CL_KERNEL_PRIVATE_MEM_SIZE: RV_INFO(cl_ulong, 4096); /* each work-item's stack (kernel-abi.md) */
    default: return CL_INVALID_VALUE; /* CL_KERNEL_GLOBAL_WORK_SIZE: custom devices only */
    }
}
