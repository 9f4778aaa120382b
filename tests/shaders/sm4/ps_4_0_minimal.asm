// ps_4_0: the smallest pixel shader: a constant color.
ps_4_0
dcl_output o0.xyzw
mov o0.xyzw, l(1.000000, 0.500000, 0.250000, 1.000000)
ret
