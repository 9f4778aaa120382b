// ps_1_1: result shifts and saturation.
ps_1_1
tex t0
mul_x2 r0, t0, v0
mul_x4 r1, t0, v1
add_d2 r0, r0, r1
mad_sat r0, r0, c0, c1
mul_x2_sat r0.rgb, r0, c2
