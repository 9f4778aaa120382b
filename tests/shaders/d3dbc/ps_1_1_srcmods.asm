// ps_1_1: source modifiers: negate, bias, signed scale, complement, and their negations.
ps_1_1
tex t0
tex t1
mov r0, -t0
add r0, r0, t0_bias
add r0, r0, -t1_bias
add r0, r0, t1_bx2
add r0, r0, -t0_bx2
add r1, 1-t0, v0
add r0, r0, r1
