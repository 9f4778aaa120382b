// ps_1_1: co-issued pairs: a color instruction and an alpha instruction.
ps_1_1
tex t0
mul r0.rgb, t0, v0
+add r0.a, t0, v0
dp3 r1.rgb, t0, v1
+mov r1.a, t0.b
add r0, r0, r1
