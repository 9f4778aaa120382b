// vs_2_x: predicated instructions: (p0.c) and (!p0.c) before any instruction with a destination.
vs_2_x
dcl_position v0
mov r0, v0
setp_gt p0, v0, c0
(p0.x) add r0, r0, c1
(!p0.y) mul r0.xy, r0, c2
(p0) mov r1, c3
(p0.w) mad r0, r0, c4, r1
mov oPos, r0
