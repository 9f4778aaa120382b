// ps_3_0: every sampling instruction of ps_3_0.
ps_3_0
dcl_texcoord v0
dcl_2d s0
dcl_cube s1
dcl_volume s2
texld r0, v0, s0
texldp r1, v0, s0
texldb r2, v0, s1
texldl r3, v0, s2
dsx r4, v0
dsy r5, v0
texldd r6, v0, s0, r4, r5
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
add r0, r0, r6
mov oC0, r0
