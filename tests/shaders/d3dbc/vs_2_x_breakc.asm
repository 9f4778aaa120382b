// vs_2_x: break and break with a comparison inside rep and loop.
vs_2_x
defi i0, 8, 0, 1, 0
dcl_position v0
mov r0, v0
rep i0
add r0, r0, c0
break_gt r0.x, c1.x
break_eq r0.y, c1.y
break_ge r0.z, c1.z
break_lt r0.w, c1.w
break_ne r0.x, c2.x
break_le r0.y, c2.y
endrep
loop aL, i0
add r0, r0, c[aL + 3]
break
endloop
mov oPos, r0
