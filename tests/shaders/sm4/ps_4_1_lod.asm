// ps_4_1: lod (the level of detail sampling would use).
ps_4_1
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
lod r0.xy, v1.xyxx, t0.xyzw, s0
mov o0.xyzw, r0.xyxy
ret
