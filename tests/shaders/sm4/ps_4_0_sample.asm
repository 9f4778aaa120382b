// ps_4_0: sample, and sample with texel offsets (_aoffimmi).
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
sample_aoffimmi(-1,2,0) r1.xyzw, v1.xyxx, t0.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_aoffimmi(7,-8,0) r1.xyzw, v1.xyxx, t0.wzyx, s0
add o0.xyzw, r0.xyzw, r1.xyzw
ret
