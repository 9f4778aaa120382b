// vs_1_1: scalar instructions (frc writes .y or .xy in vs_1_1), lit and dst.
vs_1_1
dcl_position v0
rcp r0.x, v0.w
rsq r0.y, v0.z
exp r1, v0.x
log r2, v0.y
expp r3, v0.z
logp r4, v0.w
frc r5.xy, v0
lit r6, v0
dst r7, v0, c0
add r8, r0, r1
add r8, r8, r2
add r8, r8, r3
add r8, r8, r4
add r8, r8, r5
add r8, r8, r6
add oPos, r8, r7
