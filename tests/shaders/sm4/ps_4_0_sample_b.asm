// ps_4_0: sample_b (a LOD bias).
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texturecube (float,float,float,float) t0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
sample_b o0.xyzw, v1.xyzx, t0.xyzw, s0, l(-1.000000)
ret
