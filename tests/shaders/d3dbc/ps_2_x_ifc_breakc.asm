// ps_2_x: if and break with comparisons, and plain break.
ps_2_x
defi i0, 8, 0, 0, 0
dcl t0
mov r0, t0
rep i0
add r0, r0, c0
break_gt r0.x, c1.x
if_le r0.y, c1.y
break
endif
endrep
if_ne r0.z, c2.z
mov r0, c3
endif
mov oC0, r0
