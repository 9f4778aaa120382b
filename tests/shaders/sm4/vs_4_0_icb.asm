// vs_4_0: an immediate constant buffer, indexed by a register.
vs_4_0
dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},
                              { 0, 1.000000, 0, 0},
                              { 0, 0, 1.000000, 0},
                              { 0.500000, 0.500000, 0.500000, 1.000000} }
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
ftou r0.x, v0.w
mov o1.xyzw, icb[r0.x + 0].xyzw
mov o0.xyzw, icb[3].xyzw
ret
