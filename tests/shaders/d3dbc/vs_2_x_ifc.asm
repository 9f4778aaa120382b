// vs_2_x: if with a comparison, every comparison, nested, with else.
vs_2_x
dcl_position v0
mov r0, v0
if_gt v0.x, c0.x
add r0, r0, c1
else
if_eq v0.y, c0.y
mul r0, r0, c2
endif
endif
if_ge r0.z, c0.z
if_lt r0.w, -c0.w
if_ne r0.x, r0.y
if_le r0.z, c0.x
mov r0.x, c3.x
endif
endif
endif
endif
mov oPos, r0
