// vs_3_0: sgn as the reference writes it, with two scratch temporaries.
vs_3_0
dcl_position v0
dcl_position o0
mov r1, c0
mov r2, c0
sgn r0, v0, r1, r2
mad o0, r0, c1, v0
