// The tiled-resources forms of the memory loads (ld_raw_s, ld_structured_s, ld_uav_typed_s):
// each with its residency status in a second destination, read by check_access_fully_mapped.
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_uav_typed_buffer (uint,uint,uint,uint) u1
dcl_resource_raw t0
dcl_resource_structured t1, 8
dcl_temps 3
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadID.x, l(2)
ld_raw_s r1.xy, r2.x, r0.x, t0.xyxx
ld_structured_s r1.z, r2.y, vThreadID.x, l(4), t1.xxxx
ld_uav_typed_s r1.w, r2.z, vThreadID.xxxx, u1.xyzw
check_access_fully_mapped r2.xyz, r2.xyzx
and r1.xyzw, r1.xyzw, r2.xxyz
store_raw u0.xyzw, r0.x, r1.xyzw
ret
