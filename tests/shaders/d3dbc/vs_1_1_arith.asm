// vs_1_1: the two- and three-operand arithmetic instructions.
vs_1_1
dcl_position v0
dcl_normal v1
add r0, v0, v1
sub r1, v0, c1
mad r2, r0, c2, r1
mul r3, r2, c3
dp3 r4.x, r3, v1
dp4 r4.y, r3, c4
min r5, r0, r1
max r6, r0, r1
slt r7, r0, r1
sge r8, r0, r1
add r9, r7, r8
add r9, r9, r4
add r9, r9, r5
mad oPos, r9, r6, c0
