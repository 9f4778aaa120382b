// ps_1_4: texld samples into r# from t# coordinates; texcrd copies coordinates.
ps_1_4
texld r0, t0
texld r1, t5
texcrd r2.rgb, t1
texcrd r3.rgb, t2.xyz
add r0, r0, r1
add r0.rgb, r0, r2
add r0.rgb, r0, r3
