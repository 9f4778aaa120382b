// ps_1_1: bump environment mapping: texbem and texbeml.
ps_1_1
tex t0
texbem t1, t0
tex t2
texbeml t3, t2
add r0, t1, t3
