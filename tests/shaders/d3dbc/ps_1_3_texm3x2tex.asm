// ps_1_3: texm3x2tex and texdp3 under ps_1_3.
ps_1_3
tex t0
texm3x2pad t1, t0
texm3x2tex t2, t0
texdp3 t3, t0
add r0, t2, t3
