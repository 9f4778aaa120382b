// ps_1_1: tex samples stage n into t#; texcoord copies stage n's coordinates.
ps_1_1
tex t0
tex t1
texcoord t2
texcoord t3
add r0, t0, t1
add r1, t2, t3
add r0, r0, r1
