// vs_2_x: the extended vertex shader version: 32 temporaries.
vs_2_x
dcl_position v0
mov r31, v0
mov oPos, r31
