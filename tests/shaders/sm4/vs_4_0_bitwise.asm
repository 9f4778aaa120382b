// vs_4_0: bitwise and, or, xor, not.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
and r0.xyzw, v0.xyzw, l(0x7fffffff, 0x7fffffff, 0x7fffffff, -1)
or r1.xyzw, r0.xyzw, l(0x00800000)
xor r1.xy, r1.xyxx, r0.zwzz
not r0.x, r1.x
mov r1.w, r0.x
mov o0.xyzw, r1.xyzw
ret
