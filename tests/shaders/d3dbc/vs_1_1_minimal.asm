// vs_1_1: the smallest vertex shader: a declaration and the position output.
vs_1_1
dcl_position v0
mov oPos, v0
