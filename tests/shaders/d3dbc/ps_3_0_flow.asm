// ps_3_0: nested flow control with comparisons and subroutines.
ps_3_0
defi i0, 2, 0, 1, 0
defi i1, 3, 0, 0, 0
dcl_texcoord v0
mov r0, v0
loop aL, i0
rep i1
if_gt r0.x, c0.x
break
else
add r0, r0, c[aL + 1]
endif
endrep
break_lt r0.y, c0.y
endloop
call l100
mov oC0, r0
ret
label l100
mul r0, r0, c5
ret
