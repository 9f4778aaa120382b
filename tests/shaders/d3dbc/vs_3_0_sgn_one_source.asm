// vs_3_0: sgn with its first source only, as fxc writes it for vs_3_0.
vs_3_0
dcl_position v0
dcl_position o0
sgn r0, v0
mad o0, r0, c1, v0
