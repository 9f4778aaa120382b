// vs_2_x: breakp on a replicated predicate component, plain and negated.
vs_2_x
defi i0, 4, 0, 1, 0
dcl_position v0
mov r0, v0
rep i0
setp_lt p0, r0, c0
breakp p0.x
add r0, r0, c1
breakp !p0.w
endrep
mov oPos, r0
