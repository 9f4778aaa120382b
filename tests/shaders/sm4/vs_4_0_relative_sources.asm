// vs_4_0: relative indices held by an input (v1.x) and by an indexable temp (x0[1].y).
vs_4_0
dcl_constantbuffer cb0[16], dynamicIndexed
dcl_input v0.xyzw
dcl_input v1.x
dcl_output_siv o0.xyzw, position
dcl_temps 1
dcl_indexableTemp x0[2], 4
ftoi x0[1].xyzw, v0.xyzw
mov r0.xyzw, cb0[v1.x + 4].xyzw
add r0.xyzw, r0.xyzw, cb0[x0[1].y + 0].xyzw
mov o0.xyzw, r0.xyzw
ret
