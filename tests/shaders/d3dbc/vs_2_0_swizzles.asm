// vs_2_0: swizzle forms: replicate, two and three letters (the last repeats), full.
vs_2_0
dcl_position v0
mov r0, v0.x
mov r1, v0.y
mov r2, v0.z
mov r3, v0.w
mov r4, v0.xy
mov r5, v0.yzx
mov r6, v0.wzyx
mov r7, v0.xxyy
mov r8, v0.xyzw
mov r9, v0.rgba
add r10, r0, r1
add r10, r10, r2
add r10, r10, r3
add r10, r10, r4
add r10, r10, r5
add r10, r10, r6
add r10, r10, r7
add r10, r10, r8
add oPos, r10, r9.abgr
