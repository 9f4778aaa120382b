// ps_4_0: comparison sampling, sample_c and sample_c_lz, with a comparison sampler.
ps_4_0
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_temps 1
sample_c r0.x, v1.xyxx, t0.xxxx, s1, v1.z
sample_c_lz r0.y, v1.xyxx, t0.xxxx, s1, v1.z
mov o0.xyzw, r0.xxxy
ret
