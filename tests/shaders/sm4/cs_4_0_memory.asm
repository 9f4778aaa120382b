// cs_4_0 (the D3D10_X_HARDWARE_OPTIONS compute subset, D3D11.3 18.7.2.5): one raw UAV u0, raw
// and structured SRVs, structured group-shared memory of one structure per thread written at
// vThreadIDInGroupFlattened with literal offsets, the four thread ids, and sync.
cs_4_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_resource_raw t0
dcl_resource_structured t1, 16
dcl_tgsm_structured g0, 8, 64
dcl_tgsm_structured g1, 4, 64
dcl_temps 3
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadIDInGroupFlattened, l(2)
ld_raw r1.xy, r0.x, t0.yxxx
ld_structured r1.z, vThreadID.x, l(4), t1.xxxx
store_structured g0.xy, vThreadIDInGroupFlattened, l(0), r1.xyxx
store_structured g1.x, vThreadIDInGroupFlattened, l(0), r1.z
sync_g_t
iadd r2.x, vThreadIDInGroup.x, l(1)
and r2.x, r2.x, l(63)
ld_structured r2.yz, r2.x, l(0), g0.xxyx
ld_structured r2.w, r2.x, l(0), g1.xxxx
iadd r2.y, r2.y, r2.w
imad r0.y, vThreadGroupID.x, l(256), r0.x
store_raw u0.xy, r0.y, r2.yzyy
sync_uglobal_t
ld_raw r1.x, r0.y, u0.xxxx
ret
