// ps_1_3: texreg2ar, texreg2gb, texdp3 and texdp3tex under ps_1_3.
ps_1_3
tex t0
texreg2ar t1, t0
texreg2gb t2, t0
texdp3tex t3, t0
add r0, t1, t2
add r0, r0, t3
