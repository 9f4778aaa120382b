// vs_2_0: the instructions vs_2_0 adds to vs_1_1's arithmetic: abs, crs, lrp, nrm, pow, sgn.
vs_2_0
dcl_position v0
dcl_normal v1
abs r0, v1
crs r1.xyz, v0, v1
lrp r2, c0, v0, v1
nrm r3.xyz, v1
pow r4, v0.x, c1.y
mov r5, c2
mov r6, c3
sgn r7, v1, r5, r6
add r8.xyz, r0, r1
add r8.xyz, r8, r3
mov r8.w, r4.x
add r8, r8, r2
mad oPos, r8, r7, c4
