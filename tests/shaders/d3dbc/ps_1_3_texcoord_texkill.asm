// ps_1_3: texcoord on every stage and texkill.
ps_1_3
texcoord t0
texcoord t1
texcoord t2
texkill t3
add r0, t0, t1
add r0, r0, t2
