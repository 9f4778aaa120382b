// ps_1_2: texdp3 and texdp3tex.
ps_1_2
tex t0
texdp3 t1, t0
texdp3tex t2, t0
add r0, t1, t2
