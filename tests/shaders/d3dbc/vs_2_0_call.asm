// vs_2_0: subroutines: call, callnz on a boolean, label, ret; labels up to l15.
vs_2_0
defb b1, true
dcl_position v0
mov r0, v0
call l0
callnz l15, b1
mov oPos, r0
ret
label l0
add r0, r0, c0
ret
label l15
mul r0, r0, c1
call l0
ret
