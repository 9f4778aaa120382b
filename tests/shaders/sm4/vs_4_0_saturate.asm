// vs_4_0: _sat on every kind of float instruction that allows it.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
mov_sat r0.xyzw, v0.xyzw
add_sat r1.xyzw, r0.xyzw, l(0.500000)
mul_sat r1.xy, r1.xyxx, l(2.000000, 4.000000, 0, 0)
mad_sat r1.zw, r1.zzzw, r1.xxxy, l(0, 0, -1.000000, 0.250000)
dp4_sat r0.x, r1.xyzw, v0.xyzw
movc_sat r0.y, r0.x, r1.x, r1.y
mov o0.xyzw, r0.xyzw
mov o1.xyzw, r1.xyzw
ret
