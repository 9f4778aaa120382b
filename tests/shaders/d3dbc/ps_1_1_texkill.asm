// ps_1_1: texkill on texture coordinates.
ps_1_1
texkill t0
texcoord t1
mov r0, t1
