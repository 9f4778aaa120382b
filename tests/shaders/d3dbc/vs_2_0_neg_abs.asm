// vs_2_0: source modifiers of SM2: negate, abs, negated abs.
vs_2_0
dcl_position v0
mov r0, -v0
mov r1, v0_abs
mov r2, -v0_abs
mov r3, -c0_abs.x
add r4, r0, r1
add r4, r4, r2
add oPos, r4, r3
