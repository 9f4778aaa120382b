// ps_2_x: predicated instructions, and breakp.
ps_2_x
defi i0, 4, 0, 0, 0
dcl t0
mov r0, t0
setp_lt p0, t0, c0
(p0) add r0, r0, c1
(!p0.x) mul_sat r0, r0, c2
rep i0
(p0.y) add r0, r0, c3
breakp !p0.z
endrep
mov oC0, r0
