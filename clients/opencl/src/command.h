/* command.h: a queued command (enqueue.c builds them, queue.c runs them in order). */
#ifndef RVSIMT_COMMAND_H
#define RVSIMT_COMMAND_H
#include "icd.h"

struct rv_command {
    rv_command *next;
    cl_event event;             /* the queue holds one reference until the command has run */
    cl_uint num_wait;
    cl_event *wait;             /* retained */
    /* Runs on the queue's worker; returns CL_SUCCESS or the event's error status. */
    cl_int (*run)(rv_command *c);
    void (*cleanup)(rv_command *c);
    void *data;
};

/* Validates the wait list (OpenCL 1.2 section 5.10: CL_INVALID_EVENT_WAIT_LIST, CL_INVALID_CONTEXT). */
cl_int rv_check_wait_list(cl_command_queue q, cl_uint n, const cl_event *list);
/* Queues c (its wait list copied and retained); creates its event; hands the event to the caller
   if event_out is not NULL; waits for completion if blocking. On failure c is cleaned up. */
cl_int rv_submit(cl_command_queue q, rv_command *c, cl_command_type type, cl_uint num_wait, const cl_event *wait,
                 cl_event *event_out, cl_bool blocking);
/* Waits until e is complete or failed; returns its final status. */
cl_int rv_event_wait(cl_event e);

#endif
