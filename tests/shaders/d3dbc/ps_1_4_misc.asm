// ps_1_4: nop, sub and texkill in ps_1_4.
ps_1_4
texkill t0
texld r0, t1
nop
sub r1, r0, c0
mul r0, r1, r0
