// ps_4_0: resources of each return type: unorm, snorm, sint, uint, float, mixed per component.
ps_4_0
dcl_resource_texture2d (unorm,unorm,unorm,unorm) t0
dcl_resource_texture2d (snorm,snorm,snorm,snorm) t1
dcl_resource_texture2d (sint,sint,sint,sint) t2
dcl_resource_texture2d (uint,uint,uint,uint) t3
dcl_resource_texture2d (float,uint,sint,unorm) t4
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 3
ftou r0.xy, v0.xyxx
mov r0.zw, l(0, 0, 0, 0)
ld r1.xyzw, r0.xyzw, t0.xyzw
ld r2.xyzw, r0.xyzw, t1.xyzw
add r1.xyzw, r1.xyzw, r2.xyzw
ld r2.xyzw, r0.xyzw, t2.xyzw
itof r2.xyzw, r2.xyzw
add r1.xyzw, r1.xyzw, r2.xyzw
ld r2.xyzw, r0.xyzw, t3.xyzw
utof r2.xyzw, r2.xyzw
add r1.xyzw, r1.xyzw, r2.xyzw
ld r2.xyzw, r0.xyzw, t4.xyzw
add o0.xyzw, r1.xyzw, r2.xyzw
ret
