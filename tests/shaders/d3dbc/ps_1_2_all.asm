// ps_1_2: the ps_1_1 instructions under ps_1_2: arithmetic and texture addressing.
ps_1_2
def c7, 0.5, 0.5, 0.5, 0.5
texcoord t0
texkill t0
tex t1
texbem t2, t1
texbeml t3, t1
add r0, t0, t1
sub r1, t2, t3
mad r0, r0, c0, r1
mul r1, r0, v0
dp3 r1.rgb, r1, c1
lrp r0, c2, r0, r1
cnd r0, r0.a, r1, c7
nop
