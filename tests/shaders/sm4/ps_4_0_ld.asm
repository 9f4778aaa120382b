// ps_4_0: ld with a mip level and with texel offsets, and ld_ms with a register sample index.
ps_4_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2dms(4) (float,float,float,float) t1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 3
ftou r0.xy, v0.xyxx
mov r0.zw, l(0, 0, 1, 0)
ld r1.xyzw, r0.xyzz, t0.xyzw
ld_aoffimmi(-1,0,0) r2.xyzw, r0.xyww, t0.xyzw
add r1.xyzw, r1.xyzw, r2.xyzw
ld_ms r2.xyzw, r0.xyww, t1.xyzw, r0.z
add o0.xyzw, r1.xyzw, r2.xyzw
ret
