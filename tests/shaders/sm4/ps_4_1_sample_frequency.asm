// ps_4_1: per-sample interpolation and the sample index as an input.
ps_4_1
dcl_input_ps linear sample v1.xy
dcl_input_ps linear noperspective sample v1.zw
dcl_input_ps_sgv constant v2.x, sample_index
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, v2.x
add o0.xy, v1.xyxx, r0.xxxx
mov o0.zw, v1.zzzw
ret
