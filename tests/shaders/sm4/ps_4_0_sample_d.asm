// ps_4_0: sample_d (explicit derivatives).
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture3d (float,float,float,float) t0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_temps 2
deriv_rtx r0.xyz, v1.xyzx
deriv_rty r1.xyz, v1.xyzx
sample_d o0.xyzw, v1.xyzx, t0.xyzw, s0, r0.xyzx, r1.xyzx
ret
