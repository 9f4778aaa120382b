// vs_4_0: source modifiers: negate, absolute value, both; on registers and immediates.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
mov r0.xyzw, -v0.xyzw
add r1.xyzw, |r0.xyzw|, -|v0.wzyx|
mad r1.xyzw, -r1.xyzw, |v0.x|, -l(1.000000, 2.000000, 3.000000, 4.000000)
mov o0.xyzw, |r1.xyzw|
ret
