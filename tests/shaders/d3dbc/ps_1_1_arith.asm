// ps_1_1: the arithmetic instructions of ps_1_1.
ps_1_1
def c7, 1, 0.5, 0.25, 0
tex t0
add r0, t0, v0
sub r1, t0, c0
mad r0, r0, c1, r1
mul r1, r0, v1
dp3 r1.rgb, r0, c2
lrp r0, c3, r0, r1
cnd r0, r0.a, r1, c7
nop
