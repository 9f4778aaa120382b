// ps_4_0: writing the depth (dcl_output oDepth).
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oDepth
mov o0.xyzw, v1.xyzw
mov_sat oDepth, v1.z
ret
