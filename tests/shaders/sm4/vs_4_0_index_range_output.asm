// vs_4_0: dcl_indexRange over two outputs, written as o[r0.x + 1].
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_indexRange o1.xyzw 2
dcl_temps 1
mov o0.xyzw, v0.xyzw
ftou r0.x, v0.w
mov o[r0.x + 1].xyzw, v0.xyzw
ret
