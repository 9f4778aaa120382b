// vs_2_0: the rest of vs_2_0's arithmetic: sub, dp3, dp4, min, max, nop.
vs_2_0
dcl_position v0
dcl_normal v1
sub r0, v0, v1
dp3 r1.x, v0, v1
dp4 r1.y, v0, c0
min r2, v0, v1
max r3, v0, v1
nop
add r0, r0, r1.xyxy
add r0, r0, r2
add oPos, r0, r3
