// ps_5_0: the resource dimension and return type tokens fxc adds to SM5 resource
// instructions (_indexable), alone and with texel offsets.
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2darray (uint,uint,uint,uint) t1
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_temps 3
sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v1.xyxx, t0.xyzw, s0
sample_aoffimmi_indexable(-2,3,0)(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t0.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
resinfo_indexable(texture2d)(float,float,float,float)_uint r1.xyzw, l(0), t0.xyzw
ftou r2.xyz, v1.xyzx
mov r2.w, l(0)
ld_indexable(texture2darray)(uint,uint,uint,uint) r2.xyzw, r2.xyzw, t1.xyzw
utof r2.xyzw, r2.xyzw
add r0.xyzw, r0.xyzw, r2.xyzw
utof r1.xyzw, r1.xyzw
add o0.xyzw, r0.xyzw, r1.xyzw
ret
