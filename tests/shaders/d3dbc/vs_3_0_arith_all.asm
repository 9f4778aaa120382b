// vs_3_0: every arithmetic instruction under vs_3_0, and mova.
vs_3_0
dcl_position v0
dcl_normal v1
dcl_position o0
nop
add r0, v0, v1
sub r1, v0, v1
mad r2, v0, c2, v1
mul r3, v0, v1
rcp r4.x, v0.w
rsq r4.y, v0.z
dp3 r4.z, v0, v1
dp4 r4.w, v0, v1
min r5, v0, v1
max r6, v0, v1
slt r7, v0, v1
sge r8, v0, v1
exp r9.x, v0.x
log r9.y, v0.y
expp r9.z, v0.z
logp r9.w, v0.w
lit r10, v0
dst r11, v0, v1
lrp r12, c3, v0, v1
frc r13, v0
m4x4 r14, v0, c4
m4x3 r15.xyz, v0, c8
m3x4 r16, v1, c12
m3x3 r17.xyz, v1, c16
m3x2 r18.xy, v1, c20
pow r19, v0.x, v1.x
crs r20.xyz, v0, v1
abs r24, v0
nrm r25.xyz, v1
mova a0.x, v1.x
mov r27, c[a0.x + 24]
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
add r0, r0, r4
add r0, r0, r5
add r0, r0, r6
add r0, r0, r7
add r0, r0, r8
add r0, r0, r9
add r0, r0, r10
add r0, r0, r11
add r0, r0, r12
add r0, r0, r13
add r0, r0, r14
add r0.xyz, r0, r15
add r0, r0, r16
add r0.xyz, r0, r17
add r0.xy, r0, r18
add r0, r0, r19
add r0.xyz, r0, r20
add r0, r0, r24
add r0.xyz, r0, r25
add o0, r0, r27
