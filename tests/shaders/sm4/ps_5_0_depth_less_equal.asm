// ps_5_0: conservative depth output oDepthLE.
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oDepthLE
mov o0.xyzw, v1.xyzw
mul_sat oDepthLE, v1.z, l(0.500000)
ret
