// vs_4_0: system-interpreted outputs: clip and cull distances packed beside other data.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, clip_distance
dcl_output_siv o1.y, cull_distance
dcl_output o1.zw
mov o0.xyzw, v0.xyzw
mov o1.x, v0.x
mov o1.y, -v0.y
mov o1.zw, v0.zzzw
ret
