// vs_2_0: scalar and special instructions carried over from vs_1_1.
vs_2_0
dcl_position v0
rcp r0.x, v0.w
rsq r0.y, v0.z
exp r0.z, v0.x
log r0.w, v0.y
expp r1, v0.z
logp r2, v0.w
frc r3, v0
lit r4, v0
dst r5, v0, c0
slt r6, r0, r1
sge r7, r2, r3
add r8, r0, r1
add r8, r8, r2
add r8, r8, r3
add r8, r8, r4
add r8, r8, r5
add r8, r8, r6
add oPos, r8, r7
