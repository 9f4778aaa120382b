// ps_1_3: arithmetic, with cmp, cnd and dp4 and every ps_1_x register file.
ps_1_3
def c0, 0.5, 0.5, 0.5, 0.5
tex t0
tex t3
cnd r0, r0.a, t0, t3
cmp r1, t0, v0, v1
dp4 r0.a, t3, c7
dp3_sat r1.rgb, r1, c6
add r0, r0, r1
