// vs_3_0: sincos with a single source.
vs_3_0
dcl_position v0
dcl_position o0
sincos r0.xy, v0.x
sincos r1.x, v0.y
sincos r1.y, v0.z
mov r2, v0
add r2.xy, r0, r1
mov o0, r2
