// ps_4_0: four render targets.
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xy
dcl_output o3.x
mov o0.xyzw, v1.xyzw
mov o1.xyzw, v1.wzyx
mov o2.xy, v1.xyxx
mov o3.x, v1.w
ret
