// ps_4_1: gather4, and gather4 with offsets.
ps_4_1
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
gather4 r0.xyzw, v1.xyxx, t0.xyzw, s0
gather4_aoffimmi(1,-1,0) r1.xyzw, v1.xyxx, t0.xyzw, s0
add o0.xyzw, r0.xyzw, r1.xyzw
ret
