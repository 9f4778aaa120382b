// ps_4_0: the three sampler modes (default, comparison, mono).
ps_4_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_sampler s2, mode_mono
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
sample_c r1.x, v1.xyxx, t0.xxxx, s1, v1.z
sample r1.yzw, v1.xyxx, t0.wxyz, s2
add o0.xyzw, r0.xyzw, r1.xyzw
ret
