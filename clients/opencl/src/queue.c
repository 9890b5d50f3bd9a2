/*
 * queue.c: in-order command queues and events (OpenCL 1.2 sections 5.1, 5.9-5.12). Each queue has
 * one worker thread that takes its commands in order, waits for their wait lists, runs them and
 * completes their events; the application's thread only queues (and waits, for blocking calls).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command.h"

cl_ulong rv_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (cl_ulong)ts.tv_sec * 1000000000ull + (cl_ulong)ts.tv_nsec;
}

/* ---------------------------------------------------------------- events */
int rv_is_event(cl_event e) { return RV_IS(e, RV_EVENT); }

cl_event rv_event_new(cl_context c, cl_command_queue q, cl_command_type type) {
    cl_event e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->dispatch = &rv_dispatch;
    rv_ref_init(&e->ref, RV_EVENT);
    e->context = c;
    e->queue = q;
    e->type = type;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->done, NULL);
    e->status = q ? CL_QUEUED : CL_SUBMITTED;
    e->t_queued = rv_now_ns();
    if (c) rv_ref_retain(&c->ref);
    return e;
}

static void event_free(cl_event e) {
    struct rv_callback *cb = e->callbacks;
    while (cb) {
        struct rv_callback *next = cb->next;
        free(cb);
        cb = next;
    }
    free(e->fault);
    free(e->statistics);
    free(e->findings);
    cl_context c = e->context;
    e->ref.magic = 0;
    free(e);
    if (c && rv_ref_release(&c->ref)) {
        c->ref.magic = 0;
        free(c);
    }
}

static void event_release(cl_event e) {
    if (rv_ref_release(&e->ref)) event_free(e);
}

/* Moves e to status (CL_SUBMITTED, CL_RUNNING, CL_COMPLETE or an error) and calls the callbacks
   registered for it, outside the lock (a callback may call the API). */
void rv_event_set_status(cl_event e, cl_int status) {
    pthread_mutex_lock(&e->lock);
    cl_ulong now = rv_now_ns();
    if (status == CL_SUBMITTED) e->t_submit = now;
    if (status == CL_RUNNING) e->t_start = now;
    if (status <= CL_COMPLETE) {
        if (!e->t_submit) e->t_submit = now;
        if (!e->t_start) e->t_start = now;
        e->t_end = now;
    }
    e->status = status;
    struct rv_callback *due = NULL, **link = &e->callbacks;
    while (*link) {
        struct rv_callback *cb = *link;
        if (status <= cb->status) { /* reached (statuses decrease towards CL_COMPLETE = 0 and errors) */
            *link = cb->next;
            cb->next = due;
            due = cb;
        } else {
            link = &cb->next;
        }
    }
    if (status <= CL_COMPLETE) pthread_cond_broadcast(&e->done);
    pthread_mutex_unlock(&e->lock);
    while (due) {
        struct rv_callback *next = due->next;
        due->fn(e, status < 0 ? status : due->status, due->data);
        free(due);
        due = next;
    }
}

cl_int rv_event_wait(cl_event e) {
    pthread_mutex_lock(&e->lock);
    while (e->status > CL_COMPLETE) pthread_cond_wait(&e->done, &e->lock);
    cl_int s = e->status;
    pthread_mutex_unlock(&e->lock);
    return s;
}

HIDDEN cl_int CL_API_CALL rv_clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
    if (num_events == 0 || !event_list) return CL_INVALID_VALUE;
    cl_context c = NULL;
    for (cl_uint i = 0; i < num_events; i++) {
        if (!rv_is_event(event_list[i])) return CL_INVALID_EVENT;
        if (c && event_list[i]->context != c) return CL_INVALID_CONTEXT;
        c = event_list[i]->context;
    }
    cl_int result = CL_SUCCESS;
    for (cl_uint i = 0; i < num_events; i++)
        if (rv_event_wait(event_list[i]) < 0) result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return result;
}

HIDDEN cl_int CL_API_CALL rv_clGetEventInfo(cl_event e, cl_event_info param_name, size_t param_value_size,
                                            void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_event(e)) return CL_INVALID_EVENT;
    switch (param_name) {
    case CL_EVENT_COMMAND_QUEUE: RV_INFO(cl_command_queue, e->queue);
    case CL_EVENT_CONTEXT: RV_INFO(cl_context, e->context);
    case CL_EVENT_COMMAND_TYPE: RV_INFO(cl_command_type, e->type);
    case CL_EVENT_COMMAND_EXECUTION_STATUS: {
        pthread_mutex_lock(&e->lock);
        cl_int s = e->status;
        pthread_mutex_unlock(&e->lock);
        RV_INFO(cl_int, s);
    }
    case CL_EVENT_REFERENCE_COUNT: RV_INFO(cl_uint, e->ref.count);
    case CL_EVENT_RVSIMT_FAULT_MESSAGE: RV_INFO_STR(e->fault ? e->fault : "");
    case CL_EVENT_RVSIMT_STATISTICS: RV_INFO_STR(e->statistics ? e->statistics : "");
    case CL_EVENT_RVSIMT_FINDINGS: RV_INFO_STR(e->findings ? e->findings : "");
    default: return CL_INVALID_VALUE;
    }
}

HIDDEN cl_int CL_API_CALL rv_clRetainEvent(cl_event e) {
    if (!rv_is_event(e)) return CL_INVALID_EVENT;
    rv_ref_retain(&e->ref);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clReleaseEvent(cl_event e) {
    if (!rv_is_event(e)) return CL_INVALID_EVENT;
    event_release(e);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clGetEventProfilingInfo(cl_event e, cl_profiling_info param_name, size_t param_value_size,
                                                     void *param_value, size_t *param_value_size_ret) {
    if (!rv_is_event(e)) return CL_INVALID_EVENT;
    if (!e->queue || !(e->queue->properties & CL_QUEUE_PROFILING_ENABLE)) return CL_PROFILING_INFO_NOT_AVAILABLE;
    pthread_mutex_lock(&e->lock);
    cl_int status = e->status;
    cl_ulong t[4] = {e->t_queued, e->t_submit, e->t_start, e->t_end};
    pthread_mutex_unlock(&e->lock);
    if (status != CL_COMPLETE) return CL_PROFILING_INFO_NOT_AVAILABLE;
    switch (param_name) {
    case CL_PROFILING_COMMAND_QUEUED: RV_INFO(cl_ulong, t[0]);
    case CL_PROFILING_COMMAND_SUBMIT: RV_INFO(cl_ulong, t[1]);
    case CL_PROFILING_COMMAND_START: RV_INFO(cl_ulong, t[2]);
    case CL_PROFILING_COMMAND_END: RV_INFO(cl_ulong, t[3]);
    default: return CL_INVALID_VALUE;
    }
}

HIDDEN cl_event CL_API_CALL rv_clCreateUserEvent(cl_context c, cl_int *errcode_ret) {
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    cl_event e = rv_event_new(c, NULL, CL_COMMAND_USER);
    if (!e) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return e;
}

HIDDEN cl_int CL_API_CALL rv_clSetUserEventStatus(cl_event e, cl_int execution_status) {
    if (!rv_is_event(e) || e->type != CL_COMMAND_USER) return CL_INVALID_EVENT;
    if (execution_status != CL_COMPLETE && execution_status >= 0) return CL_INVALID_VALUE;
    pthread_mutex_lock(&e->lock);
    int already = e->status <= CL_COMPLETE;
    pthread_mutex_unlock(&e->lock);
    if (already) return CL_INVALID_OPERATION;
    rv_event_set_status(e, execution_status);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clSetEventCallback(cl_event e, cl_int type,
                                                void(CL_CALLBACK *fn)(cl_event, cl_int, void *), void *data) {
    if (!rv_is_event(e)) return CL_INVALID_EVENT;
    if (!fn || (type != CL_SUBMITTED && type != CL_RUNNING && type != CL_COMPLETE)) return CL_INVALID_VALUE;
    struct rv_callback *cb = calloc(1, sizeof *cb);
    if (!cb) return CL_OUT_OF_HOST_MEMORY;
    cb->status = type;
    cb->fn = fn;
    cb->data = data;
    pthread_mutex_lock(&e->lock);
    cl_int now = e->status;
    int due = now <= type;
    if (!due) {
        cb->next = e->callbacks;
        e->callbacks = cb;
    }
    pthread_mutex_unlock(&e->lock);
    if (due) {
        fn(e, now < 0 ? now : type, data);
        free(cb);
    }
    return CL_SUCCESS;
}

/* ---------------------------------------------------------------- queues */
int rv_is_queue(cl_command_queue q) { return RV_IS(q, RV_QUEUE); }

static void *worker(void *arg) {
    cl_command_queue q = arg;
    for (;;) {
        pthread_mutex_lock(&q->lock);
        while (!q->head && !q->stopping) pthread_cond_wait(&q->changed, &q->lock);
        rv_command *c = q->head;
        if (!c) {
            pthread_mutex_unlock(&q->lock);
            return NULL;
        }
        q->head = c->next;
        if (!q->head) q->tail = NULL;
        q->busy = 1;
        pthread_mutex_unlock(&q->lock);

        rv_event_set_status(c->event, CL_SUBMITTED);
        cl_int status = CL_SUCCESS;
        for (cl_uint i = 0; i < c->num_wait; i++)
            if (rv_event_wait(c->wait[i]) < 0) status = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        if (status == CL_SUCCESS) {
            rv_event_set_status(c->event, CL_RUNNING);
            status = c->run ? c->run(c) : CL_SUCCESS;
        }
        rv_event_set_status(c->event, status == CL_SUCCESS ? CL_COMPLETE : status);
        if (c->cleanup) c->cleanup(c);
        for (cl_uint i = 0; i < c->num_wait; i++) event_release(c->wait[i]);
        free(c->wait);
        event_release(c->event);
        free(c);

        pthread_mutex_lock(&q->lock);
        q->busy = 0;
        pthread_cond_broadcast(&q->changed);
        pthread_mutex_unlock(&q->lock);
    }
}

HIDDEN cl_command_queue CL_API_CALL rv_clCreateCommandQueue(cl_context c, cl_device_id d,
                                                            cl_command_queue_properties properties,
                                                            cl_int *errcode_ret) {
    if (!rv_is_context(c)) RV_ERR(CL_INVALID_CONTEXT);
    if (!rv_is_device(d) || !rv_context_has_device(c, d)) RV_ERR(CL_INVALID_DEVICE);
    if (properties & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
        RV_ERR(CL_INVALID_VALUE);
    if (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) RV_ERR(CL_INVALID_QUEUE_PROPERTIES);
    cl_command_queue q = calloc(1, sizeof *q);
    if (!q) RV_ERR(CL_OUT_OF_HOST_MEMORY);
    q->dispatch = &rv_dispatch;
    rv_ref_init(&q->ref, RV_QUEUE);
    q->context = c;
    q->device = d;
    q->properties = properties;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->changed, NULL);
    if (pthread_create(&q->worker, NULL, worker, q) != 0) {
        free(q);
        RV_ERR(CL_OUT_OF_HOST_MEMORY);
    }
    rv_ref_retain(&c->ref);
    if (errcode_ret) *errcode_ret = CL_SUCCESS;
    return q;
}

HIDDEN cl_int CL_API_CALL rv_clFinish(cl_command_queue q) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    pthread_mutex_lock(&q->lock);
    while (q->head || q->busy) pthread_cond_wait(&q->changed, &q->lock);
    pthread_mutex_unlock(&q->lock);
    return CL_SUCCESS;
}

/* The worker starts every command as soon as it is queued: there is nothing to flush. */
HIDDEN cl_int CL_API_CALL rv_clFlush(cl_command_queue q) {
    return rv_is_queue(q) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

HIDDEN cl_int CL_API_CALL rv_clRetainCommandQueue(cl_command_queue q) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    rv_ref_retain(&q->ref);
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clReleaseCommandQueue(cl_command_queue q) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    if (rv_ref_release(&q->ref)) {
        /* The spec's implicit flush; the queue goes once its commands have run. Events of the
           queue may outlive it (they keep only the handle, for CL_EVENT_COMMAND_QUEUE). */
        pthread_mutex_lock(&q->lock);
        q->stopping = 1;
        pthread_cond_broadcast(&q->changed);
        pthread_mutex_unlock(&q->lock);
        if (pthread_equal(pthread_self(), q->worker)) {
            pthread_detach(q->worker); /* released from a callback on its own worker */
        } else {
            pthread_join(q->worker, NULL);
        }
        cl_context c = q->context;
        q->ref.magic = 0;
        if (!pthread_equal(pthread_self(), q->worker)) free(q);
        rv_clReleaseContext(c);
    }
    return CL_SUCCESS;
}

HIDDEN cl_int CL_API_CALL rv_clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    switch (param_name) {
    case CL_QUEUE_CONTEXT: RV_INFO(cl_context, q->context);
    case CL_QUEUE_DEVICE: RV_INFO(cl_device_id, q->device);
    case CL_QUEUE_REFERENCE_COUNT: RV_INFO(cl_uint, q->ref.count);
    case CL_QUEUE_PROPERTIES: RV_INFO(cl_command_queue_properties, q->properties);
    default: return CL_INVALID_VALUE;
    }
}

HIDDEN cl_int CL_API_CALL rv_clSetCommandQueueProperty(cl_command_queue q, cl_command_queue_properties properties,
                                                       cl_bool enable, cl_command_queue_properties *old) {
    if (!rv_is_queue(q)) return CL_INVALID_COMMAND_QUEUE;
    if (old) *old = q->properties;
    if (properties & ~(cl_command_queue_properties)CL_QUEUE_PROFILING_ENABLE) return CL_INVALID_QUEUE_PROPERTIES;
    rv_clFinish(q);
    if (enable) q->properties |= properties;
    else q->properties &= ~properties;
    return CL_SUCCESS;
}

/* ---------------------------------------------------------------- submitting */
cl_int rv_check_wait_list(cl_command_queue q, cl_uint n, const cl_event *list) {
    if ((n == 0) != (list == NULL)) return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < n; i++) {
        if (!rv_is_event(list[i])) return CL_INVALID_EVENT_WAIT_LIST;
        if (list[i]->context != q->context) return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

cl_int rv_submit(cl_command_queue q, rv_command *c, cl_command_type type, cl_uint num_wait, const cl_event *wait,
                 cl_event *event_out, cl_bool blocking) {
    c->event = rv_event_new(q->context, q, type);
    c->wait = num_wait ? calloc(num_wait, sizeof *c->wait) : NULL;
    if (!c->event || (num_wait && !c->wait)) {
        if (c->cleanup) c->cleanup(c);
        free(c->wait);
        if (c->event) event_release(c->event);
        free(c);
        return CL_OUT_OF_HOST_MEMORY;
    }
    for (cl_uint i = 0; i < num_wait; i++) {
        rv_ref_retain(&wait[i]->ref);
        c->wait[i] = wait[i];
    }
    c->num_wait = num_wait;
    cl_event e = c->event;
    if (event_out) rv_ref_retain(&e->ref); /* the application's reference */
    if (blocking) rv_ref_retain(&e->ref);  /* ours, while we wait */
    pthread_mutex_lock(&q->lock);
    if (q->tail) q->tail->next = c;
    else q->head = c;
    q->tail = c;
    pthread_cond_broadcast(&q->changed);
    pthread_mutex_unlock(&q->lock);
    cl_int result = CL_SUCCESS;
    if (blocking) {
        if (rv_event_wait(e) < 0) result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        event_release(e);
    }
    if (event_out) *event_out = e;
    return result;
}
