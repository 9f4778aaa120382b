// vs_2_x: relative addressing through aL and a0 in one loop.
vs_2_x
defi i0, 4, 10, 2, 0
dcl_position v0
dcl_blendindices v1
mova a0.x, v1.x
mov r0, v0
loop aL, i0
add r0, r0, c[aL]
add r0, r0, c[a0.x + 2]
endloop
mov oPos, r0
