// cs_4_1: the cs_4_0 subset with the vs_4_1 instruction set (gather4 of a typed SRV here), a
// structured UAV u0, and a 2-D group (z = 1; 768 threads at most, D3D11.3 18.7.2.6).
cs_4_1
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_structured u0, 16
dcl_tgsm_structured g0, 16, 256
dcl_temps 2
dcl_thread_group 16, 16, 1
utof r0.xy, vThreadIDInGroup.xyxx
mul r0.xy, r0.xyxx, l(0.0625, 0.0625, 0, 0)
gather4 r1.xyzw, r0.xyxx, t0.xyzw, s0.x
store_structured g0.xyzw, vThreadIDInGroupFlattened, l(0), r1.xyzw
sync_g_t
ld_structured r1.xyzw, l(0), l(0), g0.xyzw
store_structured u0.xyzw, vThreadID.x, l(0), r1.xyzw
ret
