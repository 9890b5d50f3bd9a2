# Does nothing: for occupancy, which depends only on the launch's shape and the configuration.
        .globl  empty
empty:
        ret
