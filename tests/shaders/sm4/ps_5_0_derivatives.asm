// ps_5_0: coarse and fine derivatives.
ps_5_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
deriv_rtx_coarse r0.xy, v1.xyxx
deriv_rty_coarse r0.zw, v1.xxxy
deriv_rtx_fine r1.xy, v1.xyxx
deriv_rty_fine r1.zw, v1.xxxy
add o0.xyzw, r0.xyzw, r1.xyzw
ret
