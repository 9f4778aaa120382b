// vs_2_0: mova into each component of a0, relative constants through any component.
vs_2_0
dcl_position v0
dcl_blendindices v1
mova a0.x, v1.x
mova a0.y, v1.y
mova a0.zw, v1
mov r0, c[a0.x]
mov r1, c[a0.y + 10]
mov r2, c20[a0.z]
add r0, r0, r1
add r0, r0, r2
add oPos, r0, -c[a0.w + 255]
