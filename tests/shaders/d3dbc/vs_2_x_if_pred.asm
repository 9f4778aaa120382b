// vs_2_x: if on the predicate register, and its negation; callnz on the predicate.
vs_2_x
dcl_position v0
mov r0, v0
setp_gt p0, v0, c0
if p0
add r0, r0, c1
endif
if !p0
mul r0, r0, c2
endif
callnz l0, p0
callnz l1, !p0
mov oPos, r0
ret
label l0
add r0, r0, c3
ret
label l1
ret
