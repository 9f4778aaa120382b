// ps_1_3: the arithmetic and bump-mapping instructions under ps_1_3.
ps_1_3
tex t0
texbem t1, t0
texbeml t2, t0
texreg2rgb t3, t0
add r0, t0, t1
sub r1, t2, t3
mad r0, r0, c0, r1
mul r1, r0, v0
lrp r0, c2, r0, r1
nop
