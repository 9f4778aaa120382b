// ps_1_4: the ps_1_4 source modifiers: _x2, its negation, _dz and _dw on texld/texcrd.
ps_1_4
texld r0, t0_dz
texcrd r1.rgb, t1_dw.xyw
texld r2, t2_dw.xyw
add r0, r0, r1_x2
add r0, r0, -r2_x2
add r0, r0, r2_bias
add r0, r0, 1-r1
mad r0, r0_bx2, -v0_bias, -r2_bx2
