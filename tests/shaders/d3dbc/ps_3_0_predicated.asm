// ps_3_0: predicated arithmetic, texture and output writes, and breakp.
ps_3_0
defi i0, 2, 0, 0, 0
dcl_texcoord v0
dcl_2d s0
setp_gt p0, v0, c0
mov r0, c1
(p0.x) texld r0, v0, s0
(!p0.w) add_sat r0, r0, c2
(p0) mov oC0, r0
(!p0) mov oC0, c3
rep i0
breakp !p0.y
endrep
