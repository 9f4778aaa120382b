// ps_2_x: setp and if/callnz on the predicate.
ps_2_x
dcl t0
mov r0, t0
setp_ge p0, t0, c0
setp_eq p0.x, t0, c1
if p0
add r0, r0, c2
endif
callnz l3, !p0
mov oC0, r0
ret
label l3
mul r0, r0, c3
ret
