// ps_2_0: the arithmetic instructions of ps_2_0.
ps_2_0
dcl t0
dcl t1
abs r0, t0
add r1, t0, t1
cmp r2, t0, t1, c0
crs r3.xyz, t0, t1
dp2add r4, t0, t1, c1.x
dp3 r5, t0, t1
dp4 r6, t0, t1
exp r7, t0.x
frc r8, t0
log r9, t0.x
lrp r10, c2, t0, t1
mad r11, t0, t1, c3
add r0, r0, r1
add r0, r0, r2
add r0.xyz, r0, r3
add r0, r0, r4
add r0, r0, r5
add r0, r0, r6
add r0, r0, r7
add r0, r0, r8
add r0, r0, r9
add r0, r0, r10
add r0, r0, r11
mov oC0, r0
