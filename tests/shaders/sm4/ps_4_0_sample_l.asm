// ps_4_0: sample_l (an explicit LOD) with offsets.
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2darray (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
sample_l_aoffimmi(1,1,0) o0.xyzw, v1.xyzx, t0.xyzw, s0, v1.w
ret
