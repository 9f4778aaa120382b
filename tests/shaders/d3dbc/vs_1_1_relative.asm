// vs_1_1: relative addressing: a0.x only, written by mov; no relative-address token in vs_1_1.
vs_1_1
dcl_position v0
dcl_blendindices v1
mov a0.x, v1.x
mov r0, c[a0.x]
mov r1, c[a0.x + 4]
mov r2, c8[a0.x]
add r0, r0, r1
add r0, r0, r2
add oPos, r0, -c[a0.x + 95]
