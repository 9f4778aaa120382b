// ps_1_1: r0 is the output.
ps_1_1
mov r0, v0
