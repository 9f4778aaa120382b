// ps_3_0: sincos with one source.
ps_3_0
dcl_texcoord v0
sincos r0.xy, v0.x
sincos_pp r1.x, v0.y
mov r2, v0
add r2.xy, r0, r1
mov oC0, r2
