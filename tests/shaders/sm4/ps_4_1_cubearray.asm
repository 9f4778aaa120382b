// ps_4_1: a cube array resource.
ps_4_1
dcl_sampler s0, mode_default
dcl_resource_texturecubearray (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
sample o0.xyzw, v1.xyzw, t0.xyzw, s0
ret
