/*
 * dispatch.c: the cl_khr_icd entry points. The loader finds the driver through the .icd file,
 * dlopens it, gets clIcdGetPlatformIDsKHR from clGetExtensionFunctionAddress and from then on calls
 * every API function through the dispatch table in each object's first word (cl_khr_icd, "ICD
 * Compatibility"; ocl-icd's libOpenCL(7)). Only these entry points are exported.
 */
#include <string.h>

#include "icd.h"

/* Prototypes of the hidden implementations, typed from the dispatch table itself. */
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clBuildProgram)) rv_clBuildProgram;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCompileProgram)) rv_clCompileProgram;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateBuffer)) rv_clCreateBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateCommandQueue)) rv_clCreateCommandQueue;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateContext)) rv_clCreateContext;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateContextFromType)) rv_clCreateContextFromType;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateImage)) rv_clCreateImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateImage2D)) rv_clCreateImage2D;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateImage3D)) rv_clCreateImage3D;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateKernel)) rv_clCreateKernel;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateKernelsInProgram)) rv_clCreateKernelsInProgram;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateProgramWithBinary)) rv_clCreateProgramWithBinary;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateProgramWithBuiltInKernels)) rv_clCreateProgramWithBuiltInKernels;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateProgramWithSource)) rv_clCreateProgramWithSource;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateSampler)) rv_clCreateSampler;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateSubBuffer)) rv_clCreateSubBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateSubDevices)) rv_clCreateSubDevices;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clCreateUserEvent)) rv_clCreateUserEvent;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueBarrier)) rv_clEnqueueBarrier;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueBarrierWithWaitList)) rv_clEnqueueBarrierWithWaitList;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueCopyBuffer)) rv_clEnqueueCopyBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueCopyBufferRect)) rv_clEnqueueCopyBufferRect;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueCopyBufferToImage)) rv_clEnqueueCopyBufferToImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueCopyImage)) rv_clEnqueueCopyImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueCopyImageToBuffer)) rv_clEnqueueCopyImageToBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueFillBuffer)) rv_clEnqueueFillBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueFillImage)) rv_clEnqueueFillImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueMapBuffer)) rv_clEnqueueMapBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueMapImage)) rv_clEnqueueMapImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueMarker)) rv_clEnqueueMarker;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueMarkerWithWaitList)) rv_clEnqueueMarkerWithWaitList;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueMigrateMemObjects)) rv_clEnqueueMigrateMemObjects;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueNDRangeKernel)) rv_clEnqueueNDRangeKernel;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueNativeKernel)) rv_clEnqueueNativeKernel;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueReadBuffer)) rv_clEnqueueReadBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueReadBufferRect)) rv_clEnqueueReadBufferRect;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueReadImage)) rv_clEnqueueReadImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueTask)) rv_clEnqueueTask;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueUnmapMemObject)) rv_clEnqueueUnmapMemObject;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueWaitForEvents)) rv_clEnqueueWaitForEvents;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueWriteBuffer)) rv_clEnqueueWriteBuffer;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueWriteBufferRect)) rv_clEnqueueWriteBufferRect;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clEnqueueWriteImage)) rv_clEnqueueWriteImage;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clFinish)) rv_clFinish;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clFlush)) rv_clFlush;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetCommandQueueInfo)) rv_clGetCommandQueueInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetContextInfo)) rv_clGetContextInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetDeviceIDs)) rv_clGetDeviceIDs;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetDeviceInfo)) rv_clGetDeviceInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetEventInfo)) rv_clGetEventInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetEventProfilingInfo)) rv_clGetEventProfilingInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetExtensionFunctionAddress)) rv_clGetExtensionFunctionAddress;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetImageInfo)) rv_clGetImageInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetKernelArgInfo)) rv_clGetKernelArgInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetKernelInfo)) rv_clGetKernelInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetKernelWorkGroupInfo)) rv_clGetKernelWorkGroupInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetMemObjectInfo)) rv_clGetMemObjectInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetPlatformIDs)) rv_clGetPlatformIDs;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetPlatformInfo)) rv_clGetPlatformInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetProgramBuildInfo)) rv_clGetProgramBuildInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetProgramInfo)) rv_clGetProgramInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetSamplerInfo)) rv_clGetSamplerInfo;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clGetSupportedImageFormats)) rv_clGetSupportedImageFormats;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clLinkProgram)) rv_clLinkProgram;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseCommandQueue)) rv_clReleaseCommandQueue;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseContext)) rv_clReleaseContext;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseDevice)) rv_clReleaseDevice;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseEvent)) rv_clReleaseEvent;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseKernel)) rv_clReleaseKernel;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseMemObject)) rv_clReleaseMemObject;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseProgram)) rv_clReleaseProgram;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clReleaseSampler)) rv_clReleaseSampler;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainCommandQueue)) rv_clRetainCommandQueue;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainContext)) rv_clRetainContext;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainDevice)) rv_clRetainDevice;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainEvent)) rv_clRetainEvent;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainKernel)) rv_clRetainKernel;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainMemObject)) rv_clRetainMemObject;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainProgram)) rv_clRetainProgram;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clRetainSampler)) rv_clRetainSampler;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clSetCommandQueueProperty)) rv_clSetCommandQueueProperty;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clSetEventCallback)) rv_clSetEventCallback;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clSetKernelArg)) rv_clSetKernelArg;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clSetMemObjectDestructorCallback)) rv_clSetMemObjectDestructorCallback;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clSetUserEventStatus)) rv_clSetUserEventStatus;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clUnloadCompiler)) rv_clUnloadCompiler;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clUnloadPlatformCompiler)) rv_clUnloadPlatformCompiler;
extern HIDDEN __typeof__(*(((struct _cl_icd_dispatch *)0)->clWaitForEvents)) rv_clWaitForEvents;
HIDDEN void *CL_API_CALL rv_clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char *name);
extern HIDDEN cl_int CL_API_CALL rv_clIcdGetPlatformIDsKHR(cl_uint, cl_platform_id *, cl_uint *);

/* ---------------------------------------------------------------- images: none */
/* CL_DEVICE_IMAGE_SUPPORT is CL_FALSE and no image object can exist, so any image argument is
   invalid: CL_INVALID_MEM_OBJECT (after the queue check). */
#define NO_IMAGES(q) return rv_is_queue(q) ? CL_INVALID_MEM_OBJECT : CL_INVALID_COMMAND_QUEUE

HIDDEN cl_int CL_API_CALL rv_clEnqueueReadImage(cl_command_queue q, cl_mem i, cl_bool b, const size_t *o,
                                                const size_t *r, size_t rp, size_t sp, void *p, cl_uint n,
                                                const cl_event *w, cl_event *e) {
    (void)i, (void)b, (void)o, (void)r, (void)rp, (void)sp, (void)p, (void)n, (void)w, (void)e;
    NO_IMAGES(q);
}
HIDDEN cl_int CL_API_CALL rv_clEnqueueWriteImage(cl_command_queue q, cl_mem i, cl_bool b, const size_t *o,
                                                 const size_t *r, size_t rp, size_t sp, const void *p, cl_uint n,
                                                 const cl_event *w, cl_event *e) {
    (void)i, (void)b, (void)o, (void)r, (void)rp, (void)sp, (void)p, (void)n, (void)w, (void)e;
    NO_IMAGES(q);
}
HIDDEN cl_int CL_API_CALL rv_clEnqueueCopyImage(cl_command_queue q, cl_mem s, cl_mem d, const size_t *so,
                                                const size_t *dO, const size_t *r, cl_uint n, const cl_event *w,
                                                cl_event *e) {
    (void)s, (void)d, (void)so, (void)dO, (void)r, (void)n, (void)w, (void)e;
    NO_IMAGES(q);
}
HIDDEN cl_int CL_API_CALL rv_clEnqueueCopyImageToBuffer(cl_command_queue q, cl_mem s, cl_mem d, const size_t *so,
                                                        const size_t *r, size_t off, cl_uint n, const cl_event *w,
                                                        cl_event *e) {
    (void)s, (void)d, (void)so, (void)r, (void)off, (void)n, (void)w, (void)e;
    NO_IMAGES(q);
}
HIDDEN cl_int CL_API_CALL rv_clEnqueueCopyBufferToImage(cl_command_queue q, cl_mem s, cl_mem d, size_t off,
                                                        const size_t *dO, const size_t *r, cl_uint n,
                                                        const cl_event *w, cl_event *e) {
    (void)s, (void)d, (void)off, (void)dO, (void)r, (void)n, (void)w, (void)e;
    NO_IMAGES(q);
}
HIDDEN cl_int CL_API_CALL rv_clEnqueueFillImage(cl_command_queue q, cl_mem i, const void *c, const size_t *o,
                                                const size_t *r, cl_uint n, const cl_event *w, cl_event *e) {
    (void)i, (void)c, (void)o, (void)r, (void)n, (void)w, (void)e;
    NO_IMAGES(q);
}
HIDDEN void *CL_API_CALL rv_clEnqueueMapImage(cl_command_queue q, cl_mem i, cl_bool b, cl_map_flags f,
                                              const size_t *o, const size_t *r, size_t *rp, size_t *sp, cl_uint n,
                                              const cl_event *w, cl_event *e, cl_int *errcode_ret) {
    (void)i, (void)b, (void)f, (void)o, (void)r, (void)rp, (void)sp, (void)n, (void)w, (void)e;
    RV_ERR(rv_is_queue(q) ? CL_INVALID_MEM_OBJECT : CL_INVALID_COMMAND_QUEUE);
}

/* ---------------------------------------------------------------- the table */
struct _cl_icd_dispatch rv_dispatch = {
    .clGetPlatformIDs = rv_clGetPlatformIDs,
    .clGetPlatformInfo = rv_clGetPlatformInfo,
    .clGetDeviceIDs = rv_clGetDeviceIDs,
    .clGetDeviceInfo = rv_clGetDeviceInfo,
    .clCreateContext = rv_clCreateContext,
    .clCreateContextFromType = rv_clCreateContextFromType,
    .clRetainContext = rv_clRetainContext,
    .clReleaseContext = rv_clReleaseContext,
    .clGetContextInfo = rv_clGetContextInfo,
    .clCreateCommandQueue = rv_clCreateCommandQueue,
    .clRetainCommandQueue = rv_clRetainCommandQueue,
    .clReleaseCommandQueue = rv_clReleaseCommandQueue,
    .clGetCommandQueueInfo = rv_clGetCommandQueueInfo,
    .clSetCommandQueueProperty = rv_clSetCommandQueueProperty,
    .clCreateBuffer = rv_clCreateBuffer,
    .clCreateImage2D = rv_clCreateImage2D,
    .clCreateImage3D = rv_clCreateImage3D,
    .clRetainMemObject = rv_clRetainMemObject,
    .clReleaseMemObject = rv_clReleaseMemObject,
    .clGetSupportedImageFormats = rv_clGetSupportedImageFormats,
    .clGetMemObjectInfo = rv_clGetMemObjectInfo,
    .clGetImageInfo = rv_clGetImageInfo,
    .clCreateSampler = rv_clCreateSampler,
    .clRetainSampler = rv_clRetainSampler,
    .clReleaseSampler = rv_clReleaseSampler,
    .clGetSamplerInfo = rv_clGetSamplerInfo,
    .clCreateProgramWithSource = rv_clCreateProgramWithSource,
    .clCreateProgramWithBinary = rv_clCreateProgramWithBinary,
    .clRetainProgram = rv_clRetainProgram,
    .clReleaseProgram = rv_clReleaseProgram,
    .clBuildProgram = rv_clBuildProgram,
    .clUnloadCompiler = rv_clUnloadCompiler,
    .clGetProgramInfo = rv_clGetProgramInfo,
    .clGetProgramBuildInfo = rv_clGetProgramBuildInfo,
    .clCreateKernel = rv_clCreateKernel,
    .clCreateKernelsInProgram = rv_clCreateKernelsInProgram,
    .clRetainKernel = rv_clRetainKernel,
    .clReleaseKernel = rv_clReleaseKernel,
    .clSetKernelArg = rv_clSetKernelArg,
    .clGetKernelInfo = rv_clGetKernelInfo,
    .clGetKernelWorkGroupInfo = rv_clGetKernelWorkGroupInfo,
    .clWaitForEvents = rv_clWaitForEvents,
    .clGetEventInfo = rv_clGetEventInfo,
    .clRetainEvent = rv_clRetainEvent,
    .clReleaseEvent = rv_clReleaseEvent,
    .clGetEventProfilingInfo = rv_clGetEventProfilingInfo,
    .clFlush = rv_clFlush,
    .clFinish = rv_clFinish,
    .clEnqueueReadBuffer = rv_clEnqueueReadBuffer,
    .clEnqueueWriteBuffer = rv_clEnqueueWriteBuffer,
    .clEnqueueCopyBuffer = rv_clEnqueueCopyBuffer,
    .clEnqueueReadImage = rv_clEnqueueReadImage,
    .clEnqueueWriteImage = rv_clEnqueueWriteImage,
    .clEnqueueCopyImage = rv_clEnqueueCopyImage,
    .clEnqueueCopyImageToBuffer = rv_clEnqueueCopyImageToBuffer,
    .clEnqueueCopyBufferToImage = rv_clEnqueueCopyBufferToImage,
    .clEnqueueMapBuffer = rv_clEnqueueMapBuffer,
    .clEnqueueMapImage = rv_clEnqueueMapImage,
    .clEnqueueUnmapMemObject = rv_clEnqueueUnmapMemObject,
    .clEnqueueNDRangeKernel = rv_clEnqueueNDRangeKernel,
    .clEnqueueTask = rv_clEnqueueTask,
    .clEnqueueNativeKernel = rv_clEnqueueNativeKernel,
    .clEnqueueMarker = rv_clEnqueueMarker,
    .clEnqueueWaitForEvents = rv_clEnqueueWaitForEvents,
    .clEnqueueBarrier = rv_clEnqueueBarrier,
    .clGetExtensionFunctionAddress = rv_clGetExtensionFunctionAddress,
    .clSetEventCallback = rv_clSetEventCallback,
    .clCreateSubBuffer = rv_clCreateSubBuffer,
    .clSetMemObjectDestructorCallback = rv_clSetMemObjectDestructorCallback,
    .clCreateUserEvent = rv_clCreateUserEvent,
    .clSetUserEventStatus = rv_clSetUserEventStatus,
    .clEnqueueReadBufferRect = rv_clEnqueueReadBufferRect,
    .clEnqueueWriteBufferRect = rv_clEnqueueWriteBufferRect,
    .clEnqueueCopyBufferRect = rv_clEnqueueCopyBufferRect,
    .clCreateSubDevices = rv_clCreateSubDevices,
    .clRetainDevice = rv_clRetainDevice,
    .clReleaseDevice = rv_clReleaseDevice,
    .clCreateImage = rv_clCreateImage,
    .clCreateProgramWithBuiltInKernels = rv_clCreateProgramWithBuiltInKernels,
    .clCompileProgram = rv_clCompileProgram,
    .clLinkProgram = rv_clLinkProgram,
    .clUnloadPlatformCompiler = rv_clUnloadPlatformCompiler,
    .clGetKernelArgInfo = rv_clGetKernelArgInfo,
    .clEnqueueFillBuffer = rv_clEnqueueFillBuffer,
    .clEnqueueFillImage = rv_clEnqueueFillImage,
    .clEnqueueMigrateMemObjects = rv_clEnqueueMigrateMemObjects,
    .clEnqueueMarkerWithWaitList = rv_clEnqueueMarkerWithWaitList,
    .clEnqueueBarrierWithWaitList = rv_clEnqueueBarrierWithWaitList,
    .clGetExtensionFunctionAddressForPlatform = rv_clGetExtensionFunctionAddressForPlatform,
};

/* ---------------------------------------------------------------- exported */
HIDDEN void *CL_API_CALL rv_clGetExtensionFunctionAddress(const char *name) {
    if (!name) return NULL;
    if (strcmp(name, "clIcdGetPlatformIDsKHR") == 0) return (void *)rv_clIcdGetPlatformIDsKHR;
    /* ocl-icd also looks up clGetPlatformInfo this way before it trusts the dispatch table. */
    if (strcmp(name, "clGetPlatformInfo") == 0) return (void *)rv_clGetPlatformInfo;
    return NULL;
}

__attribute__((visibility("default"))) void *CL_API_CALL clGetExtensionFunctionAddress(const char *name) {
    return rv_clGetExtensionFunctionAddress(name);
}

HIDDEN void *CL_API_CALL rv_clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char *name) {
    (void)platform;
    return rv_clGetExtensionFunctionAddress(name);
}

__attribute__((visibility("default"))) void *CL_API_CALL
clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char *name) {
    return rv_clGetExtensionFunctionAddressForPlatform(platform, name);
}

__attribute__((visibility("default"))) cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                                                 cl_platform_id *platforms,
                                                                                 cl_uint *num_platforms) {
    return rv_clIcdGetPlatformIDsKHR(num_entries, platforms, num_platforms);
}
