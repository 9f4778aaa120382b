// vs_4_0: an indexable temporary array, written and read with register indices.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 1
dcl_indexableTemp x0[4], 4
dcl_indexableTemp x1[2], 2
mov x0[0].xyzw, v0.xyzw
mov x0[1].xyzw, v0.wzyx
mov x1[1].xy, v0.xyxx
ftoi r0.x, v0.x
mov x0[r0.x + 2].xyzw, l(1.000000)
mov r0.yzw, x0[r0.x + 1].xxyz
mov r0.x, x1[r0.x].y
mov o0.xyzw, r0.xyzw
ret
