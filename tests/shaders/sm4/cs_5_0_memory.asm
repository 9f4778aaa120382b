// Every compute declaration and memory instruction (issue 15): raw, structured and typed
// UAVs, raw and structured SRVs, raw and structured group-shared memory, the thread ids,
// each atomic, alloc/consume, bufinfo and every sync flag combination used by fxc.
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_uav_structured u1, 8
dcl_uav_structured_opc u2, 4
dcl_uav_typed_texture2d (uint,uint,uint,uint) u3
dcl_uav_typed_buffer (float,float,float,float) u4
dcl_resource_raw t0
dcl_resource_structured t1, 16
dcl_tgsm_raw g0, 256
dcl_tgsm_structured g1, 4, 64
dcl_temps 3
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadIDInGroupFlattened, l(2)
store_raw g0.x, r0.x, vThreadID.x
sync_g_t
ld_raw r1.x, r0.x, g0.x
ld_raw r1.xy, r0.x, t0.yxxx
store_structured g1.x, vThreadIDInGroup.x, l(0), r1.x
sync_ugroup_g_t
ld_structured r1.y, vThreadID.x, l(4), t1.xxxx
ld_structured r2.x, vThreadIDInGroup.x, l(0), g1.xxxx
store_structured u1.xy, vThreadIDInGroup.x, l(0), r1.xyxx
ld_structured r2.y, vThreadGroupID.x, l(4), u1.xxxx
atomic_and u0, l(0), r1.x
atomic_or u0, l(4), r1.x
atomic_xor u0, l(8), r1.x
atomic_cmp_store u0, l(12), l(0), r1.x
atomic_iadd g0, l(0), l(1)
atomic_imax u0, l(16), r1.x
atomic_imin u0, l(20), r1.x
atomic_umax u0, l(24), r1.x
atomic_umin u0, l(28), r1.x
imm_atomic_alloc r1.w, u2
imm_atomic_consume r1.w, u2
imm_atomic_iadd r1.z, u0, l(4), l(1)
imm_atomic_and r1.z, u0, l(4), l(1)
imm_atomic_or r1.z, u0, l(4), l(1)
imm_atomic_xor r1.z, u0, l(4), l(1)
imm_atomic_exch r1.z, g0, l(4), l(1)
imm_atomic_cmp_exch r1.x, g0, l(0), l(5), l(6)
imm_atomic_imax r1.z, u0, l(4), l(1)
imm_atomic_imin r1.z, u0, l(4), l(1)
imm_atomic_umax r1.z, u0, l(4), l(1)
imm_atomic_umin r1.z, u0, l(4), l(1)
ld_uav_typed r1.xyzw, vThreadGroupID.xyyy, u3.xyzw
store_uav_typed u3.xyzw, vThreadGroupID.xyyy, r1.xyzw
store_uav_typed u4.xyzw, vThreadID.xxxx, r2.xyxx
bufinfo r0.y, u1.xxxx
bufinfo r0.z, t0.xxxx
sync_uglobal
sync_uglobal_g_t
ret
