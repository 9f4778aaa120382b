// ps_4_0: an immediate constant buffer holding integers and floats, read by a pixel shader.
ps_4_0
dcl_immediateConstantBuffer { { 0, 1, 2, 3},
                              { 1.000000, 0.500000, 0.250000, 0.125000},
                              { -1, 0x7f7fffff, 0x00800000, 0x80000000} }
dcl_input_ps constant v1.x
dcl_output o0.xyzw
dcl_temps 1
ftou r0.x, v1.x
umin r0.x, r0.x, l(2)
mov o0.xyzw, icb[r0.x + 0].xyzw
ret
