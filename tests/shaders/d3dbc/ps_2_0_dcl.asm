// ps_2_0: declarations of t#, v# (with masks) and samplers of each texture type.
ps_2_0
dcl t0
dcl t1.xy
dcl t7.xyz
dcl v0
dcl v1.xyz
dcl_2d s0
dcl_cube s1
dcl_volume s2
dcl_2d s15
texld r0, t0, s0
texld r1, t1, s1
texld r2, t7, s2
texld r3, t0, s15
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
add r0, r0, v0
add r0.xyz, r0, v1
mov oC0, r0
