// ps_1_2: cmp and dp4, added in ps_1_2.
ps_1_2
tex t0
cmp r0, t0, c0, c1
dp4 r1, t0, c2
add r0, r0, r1
