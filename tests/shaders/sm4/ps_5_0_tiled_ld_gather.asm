// ps_5_0: ld_s, ld2dms_s and the gather forms that return a residency status.
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2dms(4) (float,float,float,float) t1
dcl_input_ps linear v1.xyz
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 5
ftou r0.xy, v0.xyxx
mov r0.zw, l(0, 0, 0, 0)
ld_s r1.xyzw, r4.x, r0.xyzw, t0.xyzw
ld2dms_s r2.xyzw, r4.y, r0.xyww, t1.xyzw, l(2)
add r1.xyzw, r1.xyzw, r2.xyzw
gather4_s r2.xyzw, r4.z, v1.xyxx, t0.xyzw, s0.x
add r1.xyzw, r1.xyzw, r2.xyzw
gather4_c_s r2.xyzw, r4.w, v1.xyxx, t0.xyzw, s1.x, v1.z
add r1.xyzw, r1.xyzw, r2.xyzw
mov r3.xy, l(-1, 1, 0, 0)
gather4_po_s r2.xyzw, null, v1.xyxx, r3.xyxx, t0.xyzw, s0.w
add r1.xyzw, r1.xyzw, r2.xyzw
gather4_po_c_s r2.xyzw, r3.z, v1.xyxx, r3.xyxx, t0.xyzw, s1.x, v1.z
add o0.xyzw, r1.xyzw, r2.xyzw
ret
