// ps_4_0: screen-space derivatives.
ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
deriv_rtx r0.xy, v1.xyxx
deriv_rty r0.zw, v1.xxxy
mov o0.xyzw, |r0.xyzw|
ret
