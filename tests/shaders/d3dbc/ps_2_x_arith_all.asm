// ps_2_x: the ps_2_0 instruction set under ps_2_x.
ps_2_x
def c0, -1.55009923e-006, -2.17013894e-005, 0.00260416674, 0.00026041668
def c1, -0.020833334, -0.125, 1, 0.5
dcl t0
dcl t1
dcl_2d s0
texld r0, t0, s0
texldp r1, t0, s0
texldb r2, t0, s0
texkill t1
nop
add r3, t0, t1
sub r4, t0, t1
mad r5, t0, t1, c2
mul r6, t0, t1
rcp r7.x, t0.w
rsq r7.y, t0.z
dp3 r7.z, t0, t1
dp4 r7.w, t0, t1
min r8, t0, t1
max r9, t0, t1
exp r10.x, t0.x
log r10.y, t0.y
lrp r11, c3, t0, t1
frc r12, t0
m4x4 r13, t0, c4
m4x3 r14.xyz, t0, c8
m3x4 r15, t1, c12
m3x3 r16.xyz, t1, c16
m3x2 r17.xy, t1, c20
pow r18, t0.x, t1.x
crs r19.xyz, t0, t1
abs r20, t0
nrm r21.xyz, t1
sincos r22.xy, t0.x, c0, c1
cmp r23, t0, t1, c22
dp2add r24, t0, t1, c23.x
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
add r0, r0, r4
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
add r0.xy, r0, r22
add r0, r0, r23
add r0, r0, r24
mov oC0, r0
