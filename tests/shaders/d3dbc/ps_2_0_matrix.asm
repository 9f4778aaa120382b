// ps_2_0: matrix macros in a pixel shader.
ps_2_0
dcl t0
dcl t1
m4x4 r0, t0, c0
m4x3 r1.xyz, t0, c4
m3x4 r2, t1, c8
m3x3 r3.xyz, t1, c12
m3x2 r4.xy, t1, c16
add r0.xyz, r0, r1
add r0, r0, r2
add r0.xyz, r0, r3
add r0.xy, r0, r4
mov oC0, r0
