// vs_1_1: the matrix macros.
vs_1_1
dcl_position v0
dcl_normal v1
m4x4 oPos, v0, c0
m4x3 r0.xyz, v0, c4
m3x4 r1, v1, c8
m3x3 r2.xyz, v1, c12
m3x2 r3.xy, v1, c16
add r4.xyz, r0, r2
add r4.xy, r4, r3
mov r4.w, r1.w
mov oT0, r4
