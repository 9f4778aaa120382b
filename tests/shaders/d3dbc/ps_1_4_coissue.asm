// ps_1_4: co-issue in ps_1_4.
ps_1_4
texld r0, t0
mul r1.rgb, r0, v0
+add r1.a, r0, v1
mov r0, r1
