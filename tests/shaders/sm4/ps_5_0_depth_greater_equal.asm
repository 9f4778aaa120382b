// ps_5_0: conservative depth output oDepthGE.
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oDepthGE
mov o0.xyzw, v1.xyzw
add oDepthGE, v1.z, l(0.001000)
ret
