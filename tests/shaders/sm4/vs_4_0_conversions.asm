// vs_4_0: conversions between float, int and uint.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
ftoi r0.x, v0.x
ftou r0.y, v0.y
itof r1.x, r0.x
utof r1.y, r0.y
ftoi r0.zw, v0.zzzw
itof r1.zw, r0.zzzw
mov o0.xyzw, r1.xyzw
ret
