// ps_1_4: bem, the phase-1 bump environment map transform.
ps_1_4
texld r0, t0
texcrd r1.rgb, t1
bem r1.rg, r1, r0
phase
texld r2, r1
mov r0, r2
