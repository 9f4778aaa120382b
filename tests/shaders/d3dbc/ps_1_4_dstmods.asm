// ps_1_4: every result shift (_x2 _x4 _x8 _d2 _d4 _d8), with and without _sat.
ps_1_4
texld r0, t0
mul_x2 r1, r0, c0
mul_x4 r2, r0, c1
mul_x8 r3, r0, c2
mul_d2 r4, r0, c3
mul_d4 r5, r0, c4
mul_d8_sat r0, r0, c5
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
add_x2_sat r0, r0, r4
add r0, r0, r5
