// vs_2_0: matrix macros with write masks and constant banks far apart.
vs_2_0
dcl_position v0
dcl_normal v1
m4x4 r0, v0, c0
m4x3 r1.xyz, v0, c100
m3x4 r2, v1, c200
m3x3 r3.xyz, v1, c250
m3x2 r4.xy, v1, c253
add r0.xyz, r0, r1
add r0, r0, r2
add r0.xyz, r0, r3
add r0.xy, r0, r4
mov oPos, r0
