// vs_3_0: predication, including an output write and a texldl, and breakp.
vs_3_0
defi i0, 2, 0, 0, 0
dcl_position v0
dcl_position o0
dcl_2d s0
mov o0, v0
setp_ge p0, v0, c0
(p0.x) mov o0, c1
(!p0.z) texldl r0, v0, s0
(p0.y) add_sat o0.xy, r0, c2
rep i0
breakp p0.x
endrep
