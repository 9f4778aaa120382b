// vs_4_0: dcl_indexRange over three inputs, read as v[r0.x + 1].
vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input v2.xyzw
dcl_input v3.xyzw
dcl_output_siv o0.xyzw, position
dcl_indexRange v1.xyzw 3
dcl_temps 1
ftou r0.x, v0.x
mov o0.xyzw, v[r0.x + 1].xyzw
ret
