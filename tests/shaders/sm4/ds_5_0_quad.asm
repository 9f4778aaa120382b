// ds_5_0: a quad domain — vDomain.xy interpolating four control points bilinearly, patch
// constants and vPrim (the JIT generates every read: tests/test_jit.c).
ds_5_0
dcl_input_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_input vDomain.xy
dcl_input vicp[4][0].xyzw
dcl_input vicp[4][1].xy
dcl_input vpc4.x
dcl_input vpc5.x
dcl_input vPrim
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 3
add r0.xyzw, -vicp[0][0].xyzw, vicp[1][0].xyzw
mad r0.xyzw, vDomain.xxxx, r0.xyzw, vicp[0][0].xyzw
add r1.xyzw, -vicp[3][0].xyzw, vicp[2][0].xyzw
mad r1.xyzw, vDomain.xxxx, r1.xyzw, vicp[3][0].xyzw
add r1.xyzw, -r0.xyzw, r1.xyzw
mad o0.xyzw, vDomain.yyyy, r1.xyzw, r0.xyzw
utof r2.x, vPrim
mad o1.xy, vicp[2][1].xyxx, vpc4.xxxx, r2.xxxx
mul o1.zw, vpc5.xxxx, vDomain.yyyx
ret
