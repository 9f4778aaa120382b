// ps_1_4: two phases; the second samples with coordinates computed in the first.
ps_1_4
texld r0, t0
texcrd r1.rgb, t1
mul r2, r0, c0
phase
texld r3, r2
texld r4, t2
add r0, r3, v0
add r0, r0, r4
mul r0, r0, v1
