// ps_2_0: more arithmetic: max, min, mov, mul, nrm, pow, rcp, rsq, sub, nop.
ps_2_0
dcl t0
dcl t1
max r0, t0, t1
min r1, t0, t1
mov r2, t0
mul r3, t0, t1
nrm r4.xyz, t0
pow r5, t0.x, t1.y
rcp r6, t0.w
rsq r7, t1.z
sub r8, t0, t1
nop
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
add r0.xyz, r0, r4
add r0, r0, r5
add r0, r0, r6
add r0, r0, r7
add r0, r0, r8
mov oC0, r0
