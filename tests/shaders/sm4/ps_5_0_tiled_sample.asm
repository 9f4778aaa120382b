// ps_5_0: the tiled-resource sampling forms that return a residency status, with a LOD
// clamp (_cl_s) or without (_s), and check_access_fully_mapped.
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 4
sample_cl_s r0.xyzw, r1.x, v1.xyxx, t0.xyzw, s0, l(2.000000)
sample_b_cl_s r2.xyzw, r1.y, v1.xyxx, t0.xyzw, s0, l(0.500000), l(4.000000)
add r0.xyzw, r0.xyzw, r2.xyzw
deriv_rtx r3.xy, v1.xyxx
deriv_rty r3.zw, v1.xxxy
sample_d_cl_s r2.xyzw, r1.z, v1.xyxx, t0.xyzw, s0, r3.xyxx, r3.zwzz, l(1.000000)
add r0.xyzw, r0.xyzw, r2.xyzw
sample_c_cl_s r2.x, r1.w, v1.xyxx, t0.xxxx, s1, v1.z, l(0)
sample_l_s r2.yzw, null, v1.xyxx, t0.wxyz, s0, v1.w
sample_c_lz_s r3.x, r3.y, v1.xyxx, t0.xxxx, s1, v1.z
add r0.xyzw, r0.xyzw, r2.xyzw
check_access_fully_mapped r1.xyzw, r1.xyzw
check_access_fully_mapped r3.y, r3.y
and r1.xyzw, r1.xyzw, r3.yyyy
movc o0.xyzw, r1.xyzw, r0.xyzw, r3.xxxx
ret
