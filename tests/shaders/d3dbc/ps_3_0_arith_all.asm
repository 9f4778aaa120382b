// ps_3_0: the arithmetic instructions under ps_3_0, texkill, and callnz.
ps_3_0
defb b0, true
dcl_texcoord v0
dcl_texcoord1 v1
sub r1, v1, c1
texkill r1
nop
add r3, v0, v1
sub r4, v0, v1
mad r5, v0, v1, c2
mul r6, v0, v1
rcp r7.x, v0.w
rsq r7.y, v0.z
dp3 r7.z, v0, v1
dp4 r7.w, v0, v1
min r8, v0, v1
max r9, v0, v1
exp r10.x, v0.x
log r10.y, v0.y
lrp r11, c3, v0, v1
frc r12, v0
m4x4 r13, v0, c4
m4x3 r14.xyz, v0, c8
m3x4 r15, v1, c12
m3x3 r16.xyz, v1, c16
m3x2 r17.xy, v1, c20
pow r18, v0.x, v1.x
crs r19.xyz, v0, v1
abs r20, v0
nrm r21.xyz, v1
cmp r23, v0, v1, c22
dp2add r24, v0, v1, c23.x
add r0, r3, r4
add r0, r0, r5
add r0, r0, r6
add r0, r0, r7
add r0, r0, r8
add r0, r0, r9
add r0.xy, r0, r10
add r0, r0, r11
add r0, r0, r12
add r0, r0, r13
add r0.xyz, r0, r14
add r0, r0, r15
add r0.xyz, r0, r16
add r0.xy, r0, r17
add r0, r0, r18
add r0.xyz, r0, r19
add r0, r0, r20
add r0.xyz, r0, r21
add r0, r0, r23
add r0, r0, r24
callnz l2, b0
mov oC0, r0
ret
label l2
mul r0, r0, c30
ret
