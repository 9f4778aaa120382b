// ps_4_0: a resource of every dimension shader model 4.0 declares, each read once.
ps_4_0
dcl_sampler s0, mode_default
dcl_resource_buffer (float,float,float,float) t0
dcl_resource_texture1d (float,float,float,float) t1
dcl_resource_texture1darray (float,float,float,float) t2
dcl_resource_texture2d (float,float,float,float) t3
dcl_resource_texture2darray (float,float,float,float) t4
dcl_resource_texture3d (float,float,float,float) t5
dcl_resource_texturecube (float,float,float,float) t6
dcl_resource_texture2dms(8) (float,float,float,float) t7
dcl_resource_texture2dmsarray(2) (float,float,float,float) t8
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 3
ftou r0.xyzw, v1.xyzw
ld r1.xyzw, r0.xxxx, t0.xyzw
sample r2.xyzw, v1.xxxx, t1.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
sample r2.xyzw, v1.xyxx, t2.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
sample r2.xyzw, v1.xyxx, t3.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
sample r2.xyzw, v1.xyzx, t4.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
sample r2.xyzw, v1.xyzx, t5.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
sample r2.xyzw, v1.xyzx, t6.xyzw, s0
add r1.xyzw, r1.xyzw, r2.xyzw
ld_ms r2.xyzw, r0.xyxx, t7.xyzw, l(3)
add r1.xyzw, r1.xyzw, r2.xyzw
ld_ms r2.xyzw, r0.xyzx, t8.xyzw, l(1)
add o0.xyzw, r1.xyzw, r2.xyzw
ret
