// ps_4_1: writing the coverage mask (dcl_output oMask).
ps_4_1
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oMask
mov o0.xyzw, v1.xyzw
mov oMask, l(5)
ret
