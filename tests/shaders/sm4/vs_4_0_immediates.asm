// vs_4_0: immediate values: floats, integers, negative zero, raw bits (NaN, infinity, a
// denormal), a small value %f cannot hold, scalar and vector forms.
vs_4_0
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 2
mov r0.xyzw, l(1.000000, -2.500000, 0, 1000000.000000)
mov r1.xyzw, l(-0.000000, 0x7fc00000, 0x7f800000, 0x00000003)
mov r0.x, l(1.00000001e-10)
mov r1.y, l(3.14159274)
iadd r1.z, r1.z, l(-123456)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, r1.xyzw
mov o2.xyzw, l(0.333333343)
ret
