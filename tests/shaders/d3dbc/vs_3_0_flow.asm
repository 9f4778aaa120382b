// vs_3_0: every flow-control instruction of vs_3_0 in one shader.
vs_3_0
defi i0, 2, 0, 1, 0
defb b0, true
dcl_position v0
dcl_position o0
mov r0, v0
loop aL, i0
rep i0
if b0
add r0, r0, c[aL]
else
break
endif
if_lt r0.x, c10.x
break_ge r0.y, c10.y
endif
endrep
endloop
setp_ne p0, r0, c11
if p0
call l1
endif
callnz l2047, b0
mov o0, r0
ret
label l1
add r0, r0, c12
ret
label l2047
mul r0, r0, c13
ret
