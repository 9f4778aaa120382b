// ps_2_x: subroutines.
ps_2_x
defb b2, true
dcl t0
mov r0, t0
call l0
callnz l1, b2
mov oC0, r0
ret
label l0
add r0, r0, c0
ret
label l1
mul r0, r0, c1
ret
